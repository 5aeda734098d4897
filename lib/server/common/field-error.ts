import { AppError } from '../api/errors';
import type { FieldError, Lang } from '../../validation/messages';

/** A message in both interface languages (SPEC §1: jp and en). */
export interface Bilingual {
  jp: string;
  en: string;
}

export interface FieldProblem {
  message: Bilingual;
  /** The code a form can key on; `invalid` when no catalogue code fits. */
  code?: FieldError['code'];
}

/**
 * A status 5 answer in the shape validateRecord gives (`{ errors, codes }`), for checks a zod
 * schema cannot make (a duplicate, a stale version, an address off the site).
 */
export function fieldError(
  lang: Lang,
  problems: Record<string, FieldProblem>,
  options: { conflict?: boolean; message?: string; extra?: Record<string, unknown> } = {},
): AppError {
  const errors: Record<string, string> = {};
  const codes: Record<string, FieldError> = {};
  for (const [field, problem] of Object.entries(problems)) {
    errors[field] = problem.message[lang];
    codes[field] = { code: problem.code ?? 'invalid' };
  }
  return new AppError(options.conflict ? 'conflict' : 'validation', options.message ?? 'validation failed', {
    ...options.extra,
    errors,
    codes,
  });
}
