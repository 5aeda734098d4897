import { z } from 'zod';

/** Query of GET /api/sys/analytics; on its own so the page's period filter checks with it too. */
export const pageViewReportInput = z
  .object({
    days: z.coerce.number().int().min(1).max(366).default(30),
  })
  .strict();
