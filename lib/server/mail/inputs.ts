import { z } from 'zod';

export const OUTBOX_STATES = ['queued', 'sent', 'failed', 'kept'] as const;

/** Query of GET /api/core/mail/list (admin). */
export const mailListInput = z
  .object({
    state: z.enum(OUTBOX_STATES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(128).optional(),
  })
  .strict();

/** Path of GET /api/core/mail/{key} and POST /api/core/mail/{key}/retry. */
export const mailKeyInput = z.object({ key: z.string().trim().min(1).max(128) }).strict();

/**
 * Body of POST /api/notify/emit/email: to a user by sub or e-mail; either a template with its
 * variables, or a free subject and text. The language defaults to the user's own.
 */
export const emitEmailInput = z
  .object({
    to: z.string().trim().min(1).max(320),
    template: z.string().trim().min(1).max(64).optional(),
    vars: z.record(z.string(), z.unknown()).optional(),
    subject: z.string().trim().min(1).max(200).optional(),
    text: z.string().trim().min(1).max(20_000).optional(),
    lang: z.enum(['jp', 'en']).optional(),
  })
  .strict();

/** Body of POST /api/core/mail/{key}/retry: nothing (the key is in the path); an empty object or none. */
export const mailRetryInput = z.object({}).strict();
