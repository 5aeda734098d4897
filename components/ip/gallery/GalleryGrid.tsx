import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
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
  /** `first`: the card is in the first row (four on the widest screens), so its image is not lazy. */
  renderCard(item: Rec, first: boolean): ReactNode;
  /** How many cards the loading skeleton shows: the page size. */
  skeletonCards?: number;
}

/** Cards per row on the widest screens (xl={4}). */
const FIRST_ROW = 4;

/** Cards in a responsive grid with cursor paging, a loading state and an empty state. */
export function GalleryGrid(props: GalleryGridProps) {
  const { t } = useTranslation('designer');
  if (props.loading) {
    // Cards shaped like the real ones (image 320 × 200, name, reference, button), so nothing moves when they arrive.
    return (
      <div data-testid="gallery-loading" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('loading')}
        </span>
        <Row xs={1} sm={2} lg={3} xl={4} className="g-3 mb-3" aria-hidden="true">
          {Array.from({ length: props.skeletonCards ?? 8 }, (_, i) => (
            <Col key={i}>
              <div className="card h-100 shadow-sm placeholder-glow">
                <div className="card-img-top bg-body-secondary" style={{ aspectRatio: '320 / 200' }} />
                {/* The card body's lines: name (h6) and reference (small), with the same gap. */}
                <div className="card-body d-flex flex-column gap-2">
                  <span className="h6 mb-0">
                    <span className="placeholder col-8" />
                  </span>
                  <span className="small">
                    <span className="placeholder col-5" />
                  </span>
                </div>
                <div className="card-footer bg-transparent border-0 pt-0">
                  <span className="placeholder btn btn-sm w-100 disabled" />
                </div>
              </div>
            </Col>
          ))}
        </Row>
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
        {props.items.map((item, i) => (
          <Col key={String(item.key)}>{props.renderCard(item, i < FIRST_ROW)}</Col>
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
