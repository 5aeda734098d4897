import { useTranslation } from 'next-i18next/pages';

export interface PagerProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  testId?: string;
}

/** Previous / next over cursor pages (a cursor knows the next page, not how many there are). */
export function Pager({ page, hasPrevious, hasNext, onPrevious, onNext, testId = 'pager' }: PagerProps) {
  const { t } = useTranslation('kit');
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={t('table.page', { page })} className="d-flex align-items-center gap-2" data-testid={testId}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={!hasPrevious}
        onClick={onPrevious}
        data-testid={`${testId}-previous`}
      >
        {t('table.previous')}
      </button>
      <span aria-current="page">{t('table.page', { page })}</span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={!hasNext}
        onClick={onNext}
        data-testid={`${testId}-next`}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
