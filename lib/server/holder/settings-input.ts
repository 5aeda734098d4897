import { z } from 'zod';
import { invoiceNumber, shortText } from '../entities/field-rules';
import { parseReferenceFormat } from '../refs/format';
import { REFERENCE_KINDS, type ReferenceKind } from '../refs/kinds';

/**
 * Whole days, as typed in a form (text) or sent as JSON (a number). Empty or null is no value (the
 * default), as GET answers it: never the zero that coercing an empty text would make.
 */
const days = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: (issue) => (issue.code === 'invalid_type' ? 'integer' : undefined) })
      .int()
      .min(min)
      .max(max)
      .optional(),
  );

/** A reference format, or nothing for the platform's default. */
const referenceFormat = () =>
  z
    .string()
    .trim()
    .max(40)
    .refine((value) => value === '' || !('error' in parseReferenceFormat(value)), { error: 'referenceFormat' });

/**
 * Body of PUT /api/holder/settings: the holder's own settings, the whole set at once. A field left
 * out (or empty) goes back to the platform's default, or to none for the invoice texts; the form
 * checks the same schema before it sends (components/holder/HolderSettingsView.tsx).
 */
export const holderSettingsInput = z
  .object({
    /** 適格請求書発行事業者登録番号: T and 13 digits with the check digit, printed on every invoice. */
    registration_number: invoiceNumber().optional(),
    issuer_address: shortText(300).optional(),
    bank_account: shortText(300).optional(),
    /** Days from the end of a royalty period to its invoice's due date. */
    invoice_due_days: days(0, 365),
    /** Days after a month's end its sales report is due. */
    sales_due_days: days(0, 365),
    /** Reports may cover the month still running. */
    allow_current_period: z.boolean().optional(),
    /** Business days (Japan's calendar) a reviewer group has for its decision. */
    review_sla_business_days: days(1, 365),
    references: z
      .object(
        Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, referenceFormat().optional()])) as Record<
          ReferenceKind,
          z.ZodOptional<ReturnType<typeof referenceFormat>>
        >,
      )
      .strict()
      .optional(),
  })
  .strict();

export type HolderSettingsInput = z.infer<typeof holderSettingsInput>;
