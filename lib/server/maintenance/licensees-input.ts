import { z } from 'zod';

// On its own, so the page's search box checks with it without loading the service.
/** Query of GET /api/sys/licensees. */
export const sysLicenseesInput = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    /** The key of the last organisation of the previous page. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/)
      .optional(),
  })
  .strict();
