import { z } from 'zod';

// On its own, so the page's search box checks with it without loading the service.
/** Body of /api/core/users/list. */
export const usersListInput = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().max(1000).optional(),
  })
  .strict();
