import { z } from 'zod';
import { currency, dateInput, key } from '../entities/field-rules';

/** Body of POST /api/invoice/draft and /api/invoice/preview. */
export const invoiceDraftInput = z
  .object({
    licensee: key(),
    period_start: dateInput(),
    period_end: dateInput(),
    /** Needed only when the period's approved sales are in more than one currency. */
    currency: currency().optional(),
  })
  .strict();

export type InvoiceDraftInput = z.output<typeof invoiceDraftInput>;
