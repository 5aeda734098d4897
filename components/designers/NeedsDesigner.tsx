import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';

/** Loading, failure or "make your designer profile first" for screens that work under a Designer record. */
export function NeedsDesigner({ state }: { state: 'loading' | 'failed' | 'missing' }) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  if (state === 'loading') return <Spinner animation="border" role="status" data-testid="designer-loading" />;
  if (state === 'failed') return <Alert variant="danger">{t('loadFailed')}</Alert>;
  return (
    <Alert variant="info" data-testid="designer-missing">
      {t('needsDesigner.body')} <Link href={`/${lang}/designer/iplist`}>{t('needsDesigner.link')}</Link>
    </Alert>
  );
}
