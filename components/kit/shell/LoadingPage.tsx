import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';

export function LoadingPage() {
  const { t } = useTranslation('common');
  return (
    <div className="loading-page" data-testid="loading-page" role="status" aria-live="polite">
      <Spinner animation="border" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
