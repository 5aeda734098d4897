import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { validationMessage, type FieldError, type Lang } from '@/lib/validation/messages';
import { collect } from '@/lib/validation/zod-issues';
import type { EntityName } from '@/lib/server/entities/definitions';
import { InvalidInput } from './invalid-input';

/** Checks the schema cannot make: the order of two dates, a choice that must be made. */
export type ExtraCheck<T> = (values: T) => Record<string, FieldError>;

/** Leaves out what the person did not fill in, and sets aside controls holding unreadable text. */
function prepare(values: Record<string, unknown>, invalid: Record<string, FieldError>, path = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const at = path ? `${path}.${key}` : key;
    if (value instanceof InvalidInput) invalid[at] = value.error;
    else if (value === '' || value === undefined || value === null || Number.isNaN(value)) continue;
    else if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !(value instanceof Date) &&
      !(value instanceof File)
    ) {
      const inner = prepare(value as Record<string, unknown>, invalid, at);
      if (Object.keys(inner).length) out[key] = inner;
    } else out[key] = value;
  }
  return out;
}

function toRhfErrors(codes: Record<string, FieldError>, lang: Lang): Record<string, { type: string; message: string }> {
  return Object.fromEntries(
    Object.entries(codes).map(([field, error]) => [field, { type: error.code, message: validationMessage(error, lang) }]),
  );
}

/**
 * A react-hook-form resolver over a zod schema the server validates with. The schema is loaded on
 * the first check (a lazy chunk, not the page's first load); issues become the per-field messages
 * of SPEC §5 through the same mapping as the server's (lib/validation/zod-issues.ts).
 */
export function schemaResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.ZodType>,
  lang: Lang,
  extra?: ExtraCheck<T>,
): Resolver<T> {
  return async (values, _context, options) => {
    const invalid: Record<string, FieldError> = {};
    const body = prepare(values, invalid);
    const schema = await loadSchema();
    const result = await schema.safeParseAsync(body);
    const codes = {
      ...(result.success ? {} : collect(result.error.issues, body)),
      ...invalid,
      ...(extra ? extra(values) : {}),
    };
    if (Object.keys(codes).length === 0) return { values: (result.success ? result.data : body) as T, errors: {} };
    return { values: {}, errors: toNestErrors(toRhfErrors(codes, lang), options) as FieldErrors<T> };
  };
}

/** The create or patch schema of an entity, exactly as the API route parses it. */
export function entityResolver<T extends FieldValues>(
  entity: EntityName,
  mode: 'create' | 'patch',
  lang: Lang,
  extra?: ExtraCheck<T>,
): Resolver<T> {
  return schemaResolver<T>(() => import('@/lib/server/entities/definitions').then((m) => m.entities[entity][mode]), lang, extra);
}
