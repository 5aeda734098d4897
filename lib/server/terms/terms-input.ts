import { z } from 'zod';
import { AppError } from '../api/errors';
import { isTermsKind, type TermsKind } from '../../terms/kinds';

/** Largest terms text accepted, in characters (a long contract reads well under this). */
export const MAX_TERMS_CONTENT = 200_000;

/** One new version of a terms document: PUT /api/terms/{type} `{ termsData }`. */
export const termsDataInput = z
  .object({
    version: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(40)
      .regex(/^[\p{L}\p{N}._\-+ ]+$/u),
    content: z.string().trim().min(1, { error: 'required' }).max(MAX_TERMS_CONTENT),
    format: z.enum(['html', 'text']).optional(),
    document: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .strict();

export const termsPutInput = z.object({ termsData: termsDataInput }).strict();

/** Query of PUT, GET and DELETE: the holder entity (default holder when absent) and, for DELETE, a version. */
export const termsQueryInput = z
  .object({
    type: z.string().optional(),
    entity: z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/)
      .optional(),
    version: z.string().max(40).optional(),
  })
  .strict();

/** SPEC §8: a terms call without a type answers status -1 'Missing type'. */
export function kindOf(type: unknown, message = 'Missing type'): TermsKind {
  if (typeof type !== 'string' || type.trim() === '') throw new AppError('missing_input', message);
  if (!isTermsKind(type)) throw new AppError('not_found', 'terms kind not found');
  return type;
}

/** SPEC §8: PUT without a type or without termsData answers status -1 'Missing type or termsData'. */
export function requireTermsData(type: unknown, body: unknown): TermsKind {
  const data = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).termsData : undefined;
  const missingData = data === undefined || data === null || (typeof data === 'object' && Object.keys(data).length === 0);
  if (typeof type !== 'string' || type.trim() === '' || missingData) {
    throw new AppError('missing_input', 'Missing type or termsData');
  }
  return kindOf(type);
}
