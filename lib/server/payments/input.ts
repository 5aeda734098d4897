import { z } from 'zod';

export const PAYMENT_METHODS = ['bank_transfer', 'offset', 'cash', 'other'] as const;

/** POST /api/invoice/{id}/payments: amount in major units as typed ("150,000" or 1500.5). */
export const recordPaymentInput = z
  .object({
    amount: z.union([z.string().min(1).max(40), z.number()]),
    paid_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .meta({ examples: ['2026-11-20'] }),
    method: z.enum(PAYMENT_METHODS),
    payer_reference: z.string().max(200).optional(),
  })
  .strict();

/** POST /api/payment/{id}/reverse. */
export const reversePaymentInput = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();

export const balancesInput = z.object({ licensee: z.string().min(1).max(64).optional() }).strict();
