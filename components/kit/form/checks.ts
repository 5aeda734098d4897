import type { FieldValues } from 'react-hook-form';
import type { FieldError } from '@/lib/validation/messages';
import type { ExtraCheck } from './resolver';

/** A period's end after its start (YYYY-MM-DD text compares as dates); the message goes under the end. */
export function dateOrder<T extends FieldValues>(start: keyof T & string, end: keyof T & string): ExtraCheck<T> {
  return (values) => {
    const from = values[start] as unknown;
    const to = values[end] as unknown;
    const errors: Record<string, FieldError> = {};
    if (typeof from === 'string' && typeof to === 'string' && from && to && to <= from) errors[end] = { code: 'dateOrder' };
    return errors;
  };
}

/** A span of months (YYYY-MM, both ends included): one month is allowed; the message goes under the first. */
export function monthOrder<T extends FieldValues>(start: keyof T & string, end: keyof T & string): ExtraCheck<T> {
  return (values) => {
    const from = values[start] as unknown;
    const to = values[end] as unknown;
    const errors: Record<string, FieldError> = {};
    if (typeof from === 'string' && typeof to === 'string' && from && to && from > to) errors[start] = { code: 'monthOrder' };
    return errors;
  };
}
