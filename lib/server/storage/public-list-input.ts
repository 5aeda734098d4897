import { z } from 'zod';

// On its own, so the page's filter bar checks with it without loading the service.
/** Query of GET /api/core/storage/public/list (all values arrive as strings). */
export const publicListQuery = z
  .object({
    // A full type (`image/png`) or a family (`image/`).
    mime: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z]+\/[a-z0-9.+-]*$/)
      .optional(),
    // Part of the file name, case-insensitive.
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
