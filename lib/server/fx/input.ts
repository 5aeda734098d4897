import { z } from 'zod';
import { CURRENCIES } from '../../format/money';

/** Currencies a rate can be recorded for: every offered currency but the yen itself. */
export const RATE_CURRENCIES = CURRENCIES.filter((c) => c !== 'JPY');

/** POST /api/sales/rates (apart from the rest of rates.ts so the page's form checks with it too). */
export const recordRateInput = z
  .object({
    currency: z.enum(RATE_CURRENCIES as [string, ...string[]]),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .meta({ examples: ['2026-10'] }),
    rate: z.union([z.string().min(1).max(30), z.number()]).meta({ examples: ['151.25'] }),
  })
  .strict();

export const ratesInput = z.object({ currency: z.enum(RATE_CURRENCIES as [string, ...string[]]).optional() }).strict();
