import en from '../../locales/en/validation.json';
import jp from '../../locales/jp/validation.json';

/** Per-field messages of SPEC §5, shared by server validation (zod) and client validation (ajv). */
export type ValidationCode = keyof typeof en;
export type Lang = 'jp' | 'en';

const catalogue: Record<Lang, Record<ValidationCode, string>> = { jp, en };

export interface FieldError {
  code: ValidationCode;
  params?: Record<string, string | number>;
}

export function isValidationCode(value: string): value is ValidationCode {
  return Object.hasOwn(en, value);
}

export function validationMessage(error: FieldError, lang: Lang): string {
  const template = catalogue[lang][error.code] ?? catalogue[lang].invalid;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(error.params?.[name] ?? ''));
}

/** `{ field: message }` in one language, the shape the forms show under each field. */
export function messagesFor(errors: Record<string, FieldError>, lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, validationMessage(error, lang)]));
}
