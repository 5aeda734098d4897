import type { z } from 'zod';
import { AppError } from '../api/errors';
import { refusedCodeOf } from './refused-fields';
import { messagesFor, type FieldError, type Lang, type ValidationCode } from '../../validation/messages';

const CUSTOM_CODES: readonly string[] = ['required', 'email', 'date', 'currency', 'color', 'key'];

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = body;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** One zod issue → the code and parameters of a translated per-field message. */
function toFieldError(issue: z.core.$ZodIssue, body: unknown): FieldError {
  if (CUSTOM_CODES.includes(issue.message)) return { code: issue.message as ValidationCode };
  const absent = valueAt(body, issue.path) === undefined || valueAt(body, issue.path) === '';
  if (absent && (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value')) {
    return { code: 'required' };
  }
  switch (issue.code) {
    case 'invalid_type':
      return { code: issue.expected === 'int' ? 'integer' : 'type' };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'tooLong', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'array') return { code: 'tooMany', params: { max: Number(issue.maximum) } };
      return { code: 'tooLarge', params: { max: Number(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? { code: 'required' } : { code: 'tooShort', params: { min: Number(issue.minimum) } };
      if (issue.origin === 'array') return { code: 'tooFew', params: { min: Number(issue.minimum) } };
      return { code: 'tooSmall', params: { min: Number(issue.minimum) } };
    case 'invalid_value':
      return { code: 'choice', params: { options: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      return { code: issue.format === 'regex' ? 'pattern' : issue.format === 'email' ? 'email' : 'date' };
    case 'invalid_union':
      return { code: 'date' };
    case 'unrecognized_keys':
      return { code: 'unknownField' };
    default:
      return { code: 'invalid' };
  }
}

/**
 * Field paths like `address.city` or, in a batch, `3.name`. Unknown keys are reported under their
 * own names; a top-level field the server or a flow owns is named with that reason.
 */
function collect(schema: z.ZodType, issues: readonly z.core.$ZodIssue[], body: unknown, prefix = ''): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) {
        const owned = base === '' ? refusedCodeOf(schema, name) : undefined;
        errors[[prefix, base, name].filter(Boolean).join('.')] ??= { code: owned ?? 'unknownField' };
      }
      continue;
    }
    errors[[prefix, base].filter(Boolean).join('.') || '_'] ??= toFieldError(issue, body);
  }
  return errors;
}

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
  const codes = result.success ? storableCodes(result.data) : collect(schema, result.error.issues, body);
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
    } else Object.assign(codes, collect(schema, result.error.issues, body, String(index)));
  });
  if (Object.keys(codes).length) {
    throw new AppError('batch_validation', 'validation failed', {
      errors: messagesFor(codes, lang),
      codes,
    } satisfies ValidationDetails);
  }
  return parsed;
}
