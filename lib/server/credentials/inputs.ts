import { z } from 'zod';

/** Request bodies of the credential routes; the same schemas document them in /openapi.json. */
const recordKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

export const walletQueryInput = z
  .object({
    type: z.string().trim().max(64).optional(),
    state: z.enum(['valid', 'expired', 'revoked', 'not_yet_valid']).optional(),
    license: recordKey.optional(),
    ip: recordKey.optional(),
    licensee: recordKey.optional(),
  })
  .strict();

export const verifyInput = z.object({ jwt: z.string().min(1).max(20_000) }).strict();

export const issueCredInput = z.object({ schema: recordKey, subject: recordKey }).strict();

export const vcIssueInput = z.object({ license: recordKey }).strict();

export const proofRequestInput = z
  .object({
    type: z.string().trim().min(1).max(64).default('LicenseCredential'),
    ip: recordKey.optional(),
    licensee: recordKey.optional(),
    purpose: z.string().trim().max(500).optional(),
    /** How long the request stays open, in seconds (1 minute to 1 day; default 10 minutes). */
    ttlSeconds: z.number().int().min(60).max(86_400).default(600),
  })
  .strict();

export const proofPresentInput = z
  .object({
    nonce: z.string().trim().min(1).max(128),
    credential: recordKey,
  })
  .strict();

export const schemaPublishInput = z.object({ published: z.boolean().default(true) }).strict();

/** enable/disable take no fields; an empty object (or no body) is accepted. */
export const schemaToggleInput = z.object({}).strict();
