import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from './withPage';

/** A screen whose feature has not landed yet: its title and one translated line. */
export function ComingSoon({ title }: ScreenViewProps) {
  const { t } = useTranslation('common');
  return (
    <section data-testid="coming-soon">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('comingSoon')}</p>
    </section>
  );
}
