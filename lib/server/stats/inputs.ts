import { z } from 'zod';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** GET /api/stats/{chart} query: a period of months (YYYY-MM, both ends included), one currency, a top-N limit. */
export const statsQueryInput = z.strictObject({
  from: month.optional(),
  to: month.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export type StatsQueryInput = z.output<typeof statsQueryInput>;

/** POST /api/stats/rebuild takes no options. */
export const statsRebuildInput = z.strictObject({});
