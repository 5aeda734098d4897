import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { messagesFor, type FieldError, type Lang } from '../validation/messages';

type JsonSchema = Record<string, unknown>;

export interface FormCheck<T> {
  /** 0 valid, 5 a single record failed, 15 a batch failed (SPEC §5). */
  status: 0 | 5 | 15;
  /** Message under each field, in the page's language. */
  errors: Record<string, string>;
  /** The input with date-typed fields converted to dates. */
  data: T;
}

/**
 * ajv is loaded on first use, not with the page: it is a third of a form page's JavaScript and
 * only needed once someone submits. Pages that show a form call it when their schema arrives.
 */
let loading: Promise<Ajv2020> | undefined;
export function loadValidator(): Promise<Ajv2020> {
  loading ??= Promise.all([import('ajv/dist/2020'), import('ajv-formats')]).then(([ajvModule, formats]) => {
    // verbose: errors carry their schema, so a pattern failure of an e-mail field reads as 'email'.
    const ajv = new ajvModule.default({ allErrors: true, strict: false, coerceTypes: false, verbose: true });
    formats.default(ajv);
    return ajv;
  });
  return loading;
}

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

async function compile(schema: JsonSchema): Promise<ValidateFunction> {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = (await loadValidator()).compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required')
    return [base, (error.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
  if (error.keyword === 'additionalProperties') {
    return [base, (error.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
  }
  return base || '_';
}

/** ajv's error → the same codes the server uses, so both sides show the same words. */
function toFieldError(error: ErrorObject, value: unknown): FieldError {
  const p = error.params as Record<string, unknown>;
  const format = (error.parentSchema as { format?: string } | undefined)?.format;
  if ((error.keyword === 'pattern' || error.keyword === 'format') && format === 'email') return { code: 'email' };
  switch (error.keyword) {
    case 'required':
      return { code: 'required' };
    case 'additionalProperties':
      return { code: 'unknownField' };
    case 'format':
      return { code: p.format === 'email' ? 'email' : p.format === 'date' || p.format === 'date-time' ? 'date' : 'pattern' };
    case 'pattern':
      return { code: 'pattern' };
    case 'maxLength':
      return { code: 'tooLong', params: { max: Number(p.limit) } };
    case 'minLength':
      return value === '' || Number(p.limit) <= 1 ? { code: 'required' } : { code: 'tooShort', params: { min: Number(p.limit) } };
    case 'maxItems':
      return { code: 'tooMany', params: { max: Number(p.limit) } };
    case 'minItems':
      return { code: 'tooFew', params: { min: Number(p.limit) } };
    case 'maximum':
      return { code: 'tooLarge', params: { max: Number(p.limit) } };
    case 'minimum':
      return { code: 'tooSmall', params: { min: Number(p.limit) } };
    case 'enum':
      return { code: 'choice', params: { options: ((p.allowedValues as unknown[]) ?? []).join(', ') } };
    case 'type':
      return { code: p.type === 'integer' ? 'integer' : 'type' };
    case 'anyOf':
      return { code: 'date' };
    default:
      return { code: 'invalid' };
  }
}

/** Property names whose schema is a date or date-time string (possibly inside anyOf). */
export function dateFields(schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const isDate = (s: JsonSchema): boolean =>
    s.format === 'date' || s.format === 'date-time' || (Array.isArray(s.anyOf) && (s.anyOf as JsonSchema[]).some(isDate));
  return Object.entries(properties)
    .filter(([, s]) => isDate(s))
    .map(([name]) => name);
}

function withoutEmpty(data: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  // An untouched optional text box sends nothing rather than an empty string.
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.fromEntries(Object.entries(data).filter(([k, v]) => !(v === '' && !required.has(k))));
}

function convertDates(data: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out = { ...data };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'string' && value) out[field] = new Date(value);
  }
  return out;
}

function locate(errors: ErrorObject[], data: unknown, prefix: string): Record<string, FieldError> {
  const found: Record<string, FieldError> = {};
  for (const error of errors) {
    const field = [prefix, fieldOf(error)].filter(Boolean).join('.');
    const path = fieldOf(error).split('.');
    const value = path.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      data,
    );
    // anyOf reports each branch; the field's own error is enough.
    if (found[field] && error.keyword !== 'required') continue;
    found[field] = toFieldError(error, value);
  }
  return found;
}

/** Checks one record against its create/patch schema from /openapi.json (SPEC §5). */
export async function checkRecord<T extends Record<string, unknown>>(
  schema: JsonSchema,
  input: T,
  lang: Lang,
): Promise<FormCheck<T>> {
  const data = withoutEmpty(input, schema);
  const validate = await compile(schema);
  if (validate(data)) return { status: 0, errors: {}, data: convertDates(data, dateFields(schema)) as T };
  return { status: 5, errors: messagesFor(locate(validate.errors ?? [], data, ''), lang), data: data as T };
}

/** Checks a batch; errors are keyed `index.field` and the status is 15 when any record fails. */
export async function checkBatch<T extends Record<string, unknown>>(
  schema: JsonSchema,
  inputs: T[],
  lang: Lang,
): Promise<FormCheck<T[]>> {
  const validate = await compile(schema);
  const errors: Record<string, FieldError> = {};
  const dates = dateFields(schema);
  const out = inputs.map((input, index) => {
    const data = withoutEmpty(input, schema);
    if (!validate(data)) Object.assign(errors, locate(validate.errors ?? [], data, String(index)));
    return convertDates(data, dates) as T;
  });
  return Object.keys(errors).length
    ? { status: 15, errors: messagesFor(errors, lang), data: inputs }
    : { status: 0, errors: {}, data: out };
}
