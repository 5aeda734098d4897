import type { SaveResult } from '@/lib/client/entities';

export const DEFAULT_TAG_COLOR = '#0d6efd';

/**
 * Field messages of a failed tag save. A save refused without field messages is most often a
 * second tag with the same English name (a unique index): that is said under the English name.
 */
export function saveFailure(result: SaveResult<unknown>, t: (key: string) => string): Record<string, string> {
  if (Object.keys(result.errors).length) return result.errors;
  if (result.status === 4) return { name_en: t('tags.duplicate') };
  return { _: t('tags.saveFailed') };
}
