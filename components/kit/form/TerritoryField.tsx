import { useTranslation } from 'next-i18next/pages';
import type { FieldShellProps } from './with-field';
import { MultiSelectField } from './MultiSelectField';

/** Territory codes offered as choices (ISO 3166 alpha-2, plus EU and worldwide). */
export const TERRITORIES = ['JP', 'US', 'EU', 'GB', 'CN', 'KR', 'TW', 'HK', 'SG', 'TH', 'WW'] as const;

/** Where a license applies: the territories, named in the page's language. */
export function TerritoryField(props: FieldShellProps & { testId?: string }) {
  const { t } = useTranslation('kit');
  return <MultiSelectField {...props} options={TERRITORIES.map((code) => ({ value: code, label: t(`territory.${code}`) }))} />;
}
