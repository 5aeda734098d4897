import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';

interface IpPagerProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Previous / Next over the query's cursor pages. */
export function IpPager({ page, hasPrevious, hasNext, onPrevious, onNext }: IpPagerProps) {
  const { t } = useTranslation('holder-ip');
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="d-flex align-items-center justify-content-between" aria-label={t('pager.label')} data-testid="ip-pager">
      <Button variant="outline-secondary" size="sm" disabled={!hasPrevious} onClick={onPrevious} data-testid="ip-prev">
        {t('pager.previous')}
      </Button>
      <span className="small text-muted" data-testid="ip-page">
        {t('pager.page', { page })}
      </span>
      <Button variant="outline-secondary" size="sm" disabled={!hasNext} onClick={onNext} data-testid="ip-next">
        {t('pager.next')}
      </Button>
    </nav>
  );
}
