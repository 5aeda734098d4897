import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';

export function PermissionDenied() {
  const { t } = useTranslation('common');
  const { lang } = useShell();
  const router = useRouter();
  return (
    <section className="permission-denied py-5 text-center" data-testid="permission-denied">
      <h1 className="h3 mb-3">{t('denied.title')}</h1>
      <p className="mb-4">{t('denied.body')}</p>
      <div className="d-flex gap-3 justify-content-center">
        <Link href={`/${lang}`} className="btn btn-primary">
          {t('denied.home')}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={() => router.back()}>
          {t('denied.back')}
        </button>
      </div>
    </section>
  );
}
