import type { z } from 'zod';
import { AppError } from '../api/errors';
import { messagesFor, type FieldError, type Lang } from '../../validation/messages';
import { collect } from '../../validation/zod-issues';
import { refusedCodeOf } from './refused-fields';

/** Deeper nesting is refused: JSON.stringify and PostgreSQL's jsonb parser both recurse. */
const MAX_NESTING = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Where a parsed value holds what PostgreSQL cannot store as sent (a NUL character, a lone
 * surrogate, nesting too deep), as a field path; undefined when all of it can be stored.
 */
function unstorable(value: unknown): string | undefined {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorableText(current)) return path.join('.');
    } else if (current !== null && typeof current === 'object' && !(current instanceof Date)) {
      if (path.length >= MAX_NESTING) return path.slice(0, 3).join('.');
      for (const [name, child] of Object.entries(current)) {
        if (unstorableText(name)) return path.join('.');
        stack.push([child, [...path, name]]);
      }
    }
  }
  return undefined;
}

function storableCodes(parsed: unknown, prefix = ''): Record<string, FieldError> {
  const at = unstorable(parsed);
  if (at === undefined) return {};
  return { [[prefix, at].filter(Boolean).join('.') || '_']: { code: 'invalid' } };
}

export interface ValidationDetails {
  errors: Record<string, string>;
  codes: Record<string, FieldError>;
}

/** Parses one record: the parsed value, or status 5 with a message under each field. */
export function validateRecord<T extends z.ZodType>(schema: T, body: unknown, lang: Lang): z.output<T> {
  const result = schema.safeParse(body);
  const codes = result.success
    ? storableCodes(result.data)
    : collect(result.error.issues, body, '', (name) => refusedCodeOf(schema, name));
  if (result.success && Object.keys(codes).length === 0) return result.data;
  throw new AppError('validation', 'validation failed', { errors: messagesFor(codes, lang), codes } satisfies ValidationDetails);
}

/** Parses a batch: all records or none (status 15), errors keyed by `index.field`. */
export function validateBatch<T extends z.ZodType>(schema: T, bodies: unknown, lang: Lang, maxItems = 1000): z.output<T>[] {
  if (!Array.isArray(bodies) || bodies.length === 0 || bodies.length > maxItems) {
    const codes = { _: { code: 'tooMany', params: { max: maxItems } } as FieldError };
    throw new AppError('batch_validation', 'validation failed', { errors: messagesFor(codes, lang), codes });
  }
  const parsed: z.output<T>[] = [];
  const codes: Record<string, FieldError> = {};
  bodies.forEach((body, index) => {
    const result = schema.safeParse(body);
    if (result.success) {
      parsed.push(result.data);
      Object.assign(codes, storableCodes(result.data, String(index)));
    } else
      Object.assign(
        codes,
        collect(result.error.issues, body, String(index), (name) => refusedCodeOf(schema, name)),
      );
  });
  if (Object.keys(codes).length) {
    throw new AppError('batch_validation', 'validation failed', {
      errors: messagesFor(codes, lang),
      codes,
    } satisfies ValidationDetails);
  }
  return parsed;
}
