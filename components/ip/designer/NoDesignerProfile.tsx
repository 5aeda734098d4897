import { TitledCard } from '@/components/kit/shell/TitledCard';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';

/**
 * A designer without a designer record: the record is made when a designer application is
 * approved (never by the designer directly), so this points to the application.
 */
export function NoDesignerProfile() {
  const { t } = useTranslation('designer-ip');
  const { lang } = useShell();
  return (
    <TitledCard title={t('profile.title')} testId="designer-no-profile">
      <p className="text-muted">{t('profile.intro')}</p>
      <Link className="btn btn-primary" href={`/${lang}/apply`} data-testid="designer-no-profile-apply">
        {t('profile.apply')}
      </Link>
    </TitledCard>
  );
}
