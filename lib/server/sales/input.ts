import { z } from 'zod';
import { ROW_FIELDS } from './columns';

// The bodies and queries of the sales routes, apart from commands.ts so the page's forms check with them too.

const key = z.string().min(1).max(64);
// Examples for /openapi.json where a sampler cannot build a valid value from the pattern alone.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ examples: ['2026-04-01'] });
const mapping = z
  .partialRecord(z.enum(ROW_FIELDS), z.string().max(200))
  .meta({ examples: [{ license: 'License', product: 'Product', units: 'Units', net_sales: 'Net sales' }] });
/** A sales file up to about 30 MB once decoded (100,000 rows of CSV are about 8 MB). */
const content = z.string().min(1).max(40_000_000);

export const previewInput = z
  .object({
    licensee: key.optional(),
    file_name: z.string().min(1).max(200),
    content_base64: content,
    mapping: mapping.optional(),
  })
  .strict();

export const importInput = z
  .object({
    licensee: key,
    period_start: day,
    period_end: day,
    file_name: z.string().min(1).max(200),
    content_base64: content,
    mapping,
  })
  .strict();

/** The query string of a streamed import (the file itself is the body): importInput less the content. */
export const importUploadInput = importInput.omit({ content_base64: true });

const cell = z.union([z.string().max(200), z.number()]);
export const reportInput = z
  .object({
    licensee: key,
    period_start: day,
    period_end: day,
    rows: z
      .array(
        z
          .object({
            license: z.string().max(64),
            product: z.string().max(64),
            territory: z.string().max(60),
            units: cell,
            gross_sales: cell,
            net_sales: cell,
            currency: z.string().max(3).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(5000),
  })
  .strict();

export const totalsInput = z.object({ license: key.optional(), licensee: key.optional() }).strict();
