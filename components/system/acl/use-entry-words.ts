import { useMemo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useNames } from '@/components/kit/format/use-names';
import { parseEntry } from '@/lib/acl/entry';
import { useShell } from '@/lib/client/settings-context';
import { roleKey } from './entry-builder';

/**
 * Access entries in words (a role, or a role within an organisation named by its name); the
 * entry itself keeps the key. Needs the `acl` namespace on the page.
 */
export function useEntryWords(entries: readonly string[] | null | undefined): (entry: string) => string {
  const { t } = useTranslation('acl');
  const { settings } = useShell();
  const organisations = useNames(
    'Licensee',
    useMemo(() => (entries ?? []).map((e) => parseEntry(e)?.entity).filter((k) => k && k !== '*'), [entries]),
  );
  return (entry: string): string => {
    const parsed = parseEntry(entry);
    if (!parsed) return entry;
    const role = t(roleKey(parsed.role, settings.productKey), { defaultValue: parsed.role, product: settings.productName });
    const entity = parsed.entity ? (organisations.get(parsed.entity) ?? parsed.entity) : '';
    return parsed.entity ? t('entryWithin', { role, access: t(`grant.within.${parsed.access}`), entity }) : role;
  };
}
