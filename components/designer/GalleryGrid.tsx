import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import type { Row as Rec } from './data';

interface GalleryGridProps {
  items: Rec[];
  loading: boolean;
  failed: boolean;
  /** What to say when nothing matches (differs with and without filters). */
  empty: ReactNode;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  renderCard(item: Rec): ReactNode;
}

/** Cards in a responsive grid with cursor paging, a loading state and an empty state. */
export function GalleryGrid(props: GalleryGridProps) {
  const { t } = useTranslation('designer');
  if (props.loading) {
    return (
      <div className="text-center py-5" data-testid="gallery-loading">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('loading')}</span>
        </Spinner>
      </div>
    );
  }
  if (props.failed) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  if (props.items.length === 0 && !props.hasPrevious) {
    return (
      <div className="text-muted border rounded p-4 text-center" data-testid="gallery-empty">
        {props.empty}
      </div>
    );
  }
  return (
    <>
      <Row xs={1} sm={2} lg={3} xl={4} className="g-3 mb-3" data-testid="gallery-grid">
        {props.items.map((item) => (
          <Col key={String(item.key)}>{props.renderCard(item)}</Col>
        ))}
      </Row>
      {(props.hasPrevious || props.hasNext) && (
        <nav
          className="d-flex align-items-center justify-content-between"
          aria-label={t('pager.label')}
          data-testid="gallery-pager"
        >
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={!props.hasPrevious}
            onClick={props.onPrevious}
            data-testid="gallery-prev"
          >
            {t('pager.previous')}
          </Button>
          <span className="small text-muted" data-testid="gallery-page">
            {t('pager.page', { page: props.page })}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={!props.hasNext}
            onClick={props.onNext}
            data-testid="gallery-next"
          >
            {t('pager.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
