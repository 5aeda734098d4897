import type { z } from 'zod';
import type { Lang } from '../../validation/messages';
import { validateRecord } from '../entities/validate';
import { fieldError } from './field-error';

/** The path of the first string (or object key) holding U+0000, which PostgreSQL cannot store. */
function nulPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.') || '_';
      const found = nulPath(child, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * validateRecord (status 5, a message under each field), then one check no zod schema here makes:
 * text with a NUL character, which the database would refuse with an internal error.
 */
export function validateInput<T extends z.ZodType>(schema: T, body: unknown, lang: Lang): z.output<T> {
  const parsed = validateRecord(schema, body, lang);
  const path = nulPath(parsed);
  if (path !== undefined) {
    throw fieldError(lang, {
      [path]: {
        message: { jp: '使用できない文字が含まれています。', en: 'This value contains a character that is not allowed.' },
      },
    });
  }
  return parsed;
}
