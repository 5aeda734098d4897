import { z } from 'zod';

// Kept apart from sign.ts (which reads the database) so the sign dialog checks with it too.
/** Body of POST /api/pdf/sign/{id}. */
export const signInput = z
  .object({
    party: z.enum(['licensee', 'holder']),
    /** The SHA-256 of the PDF the signer reviewed (from GET /api/pdf/attr/{id}). */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    typedName: z.string().trim().min(1).max(100),
    /** The drawn signature: a PNG data URL. */
    signature: z
      .string()
      .max(600_000)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)
      .meta({
        examples: [
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        ],
      }),
    consent: z.literal(true),
  })
  .strict();
