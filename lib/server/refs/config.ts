import { fieldError, type FieldProblem } from '../common/field-error';
import { configuredFormat } from './allocate';
import { parseReferenceFormat } from './format';
import { DEFAULT_REFERENCE_FORMATS, isReferenceKind, REFERENCE_KINDS } from './kinds';

const EXAMPLE = DEFAULT_REFERENCE_FORMATS.license;

/**
 * Holder.config entries `reference.<kind>` must name a kind and hold a usable format; otherwise the
 * change is refused with a message under `config.reference.<kind>` (nothing is saved).
 */
export function assertReferenceFormats(config: unknown, lang: 'jp' | 'en'): void {
  if (!config || typeof config !== 'object') return;
  const problems: Record<string, FieldProblem> = {};
  for (const [key, raw] of Object.entries(config as Record<string, unknown>)) {
    if (!key.startsWith('reference.')) continue;
    const kind = key.slice('reference.'.length);
    if (!isReferenceKind(kind)) {
      problems[`config.${key}`] = {
        message: {
          jp: `参照番号の種類は ${REFERENCE_KINDS.join(', ')} のいずれかです。`,
          en: `A reference kind is one of ${REFERENCE_KINDS.join(', ')}.`,
        },
      };
      continue;
    }
    const format = typeof raw === 'string' ? configuredFormat(raw) : undefined;
    const parsed = format === undefined ? { error: 'empty' } : parseReferenceFormat(format);
    if ('error' in parsed) {
      problems[`config.${key}`] = {
        message: {
          jp: `参照番号の書式が正しくありません。英大文字・数字・記号（- _ . /）と {YYYY} または {YY}、連番 {seq:4} を一つずつ使ってください（例: ${EXAMPLE}）。`,
          en: `This reference format cannot be used. Use capital letters, digits and - _ . /, with one {seq:4} and at most one {YYYY} or {YY} (e.g. ${EXAMPLE}).`,
        },
      };
    }
  }
  if (Object.keys(problems).length) throw fieldError(lang, problems);
}
