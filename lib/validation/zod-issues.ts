import type { z } from 'zod';
import { isValidationCode, type FieldError } from './messages';

/**
 * zod issues → the codes of the per-field messages (SPEC §5). The server's validateRecord and the
 * forms' resolver both read issues through this one mapping, so the words can never differ.
 */

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = body;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** One zod issue → the code and parameters of a translated per-field message. */
export function toFieldError(issue: z.core.$ZodIssue, body: unknown): FieldError {
  // A rule that names its own message (field-rules.ts: `{ error: 'corporateNumber' }`).
  if (isValidationCode(issue.message)) return { code: issue.message };
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
 * own names; a top-level one the server or a flow owns (`refused`, known to the server's schemas
 * only) is named with that reason.
 */
export function collect(
  issues: readonly z.core.$ZodIssue[],
  body: unknown,
  prefix = '',
  refused?: (field: string) => 'serverOwned' | 'reviewed' | undefined,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) {
        const owned = base === '' ? refused?.(name) : undefined;
        errors[[prefix, base, name].filter(Boolean).join('.')] ??= { code: owned ?? 'unknownField' };
      }
      continue;
    }
    errors[[prefix, base].filter(Boolean).join('.') || '_'] ??= toFieldError(issue, body);
  }
  return errors;
}
