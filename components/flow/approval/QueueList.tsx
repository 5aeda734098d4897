import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { QUEUE_EMPTY_KEY, type ApprovalKind, type QueueItem } from '@/lib/client/flow';
import { formatDay } from '@/lib/server/naming/format';
import { useShell } from '@/lib/client/settings-context';
import { waitingIn, type WaitUnit } from '@/lib/stats/duration-unit';
import { imageUrl, imagesOf, text, type Row } from './subject';

/** The waiting time's words per unit (plural forms in each language). */
const WAIT_KEY: Record<WaitUnit, string> = {
  minutes: 'queue.waitingMinutes',
  hours: 'queue.waitingHours',
  businessDays: 'queue.waiting',
};

function Thumb({ subject }: { subject: Row }) {
  const [first] = imagesOf(subject);
  if (!first) return <div className="bg-light border rounded flex-shrink-0" style={{ width: 56, height: 56 }} aria-hidden />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path
    <img
      src={imageUrl(first.hash, 128)}
      alt=""
      width={56}
      height={56}
      className="rounded border flex-shrink-0"
      style={{ objectFit: 'cover' }}
    />
  );
}

/** What the signed-in approver's groups still have to decide, the nearest deadline first, with each deadline. */
export function QueueList({
  kind,
  items,
  loading,
  selected,
  onSelect,
}: {
  kind: ApprovalKind;
  items: QueueItem<Row>[] | undefined;
  loading: boolean;
  selected: string | null;
  onSelect(key: string): void;
}) {
  const { t } = useTranslation('approval');
  const waitingText = (minutes: number, businessDays: number) => {
    const { unit, count } = waitingIn(minutes, businessDays);
    return t(WAIT_KEY[unit], { count });
  };
  const { lang } = useShell();
  const { t: tf } = useTranslation('flow');
  if (loading && !items) {
    return (
      <div className="text-center py-4" data-testid="queue-loading">
        <Spinner animation="border" role="status" />
      </div>
    );
  }
  if (!items || items.length === 0) {
    return (
      <p className="text-muted border rounded p-3 mb-0" data-testid="queue-empty">
        {t(QUEUE_EMPTY_KEY[kind])}
      </p>
    );
  }
  return (
    <ListGroup data-testid="queue-list">
      {items.map((item) => {
        const key = text(item.subject.key);
        return (
          <ListGroup.Item
            key={item.review.key}
            action
            active={selected === key}
            onClick={() => onSelect(key)}
            className="d-flex gap-2 align-items-start"
            data-testid="queue-item"
            data-key={key}
            data-overdue={item.overdue ? 'true' : 'false'}
          >
            {(kind === 'ips' || kind === 'products') && <Thumb subject={item.subject} />}
            {/* min-width 0 lets a long name be cut with an ellipsis instead of widening the list. */}
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <div className="fw-semibold text-truncate" data-testid="queue-name" title={item.name.label}>
                {item.name.reference && <span className="font-monospace me-2">{item.name.reference}</span>}
                {item.name.title}
              </div>
              {(item.name.counterparty || item.name.detail) && (
                <div className="small text-truncate" data-testid="queue-counterparty">
                  {[item.name.counterparty, item.name.detail].filter(Boolean).join(' · ')}
                </div>
              )}
              <div className="small">
                <span data-testid="queue-group">{t('queue.waitingFor', { group: tf(`group.${item.review.group}`) })}</span>
                {' · '}
                <span>{t('queue.step', { step: tf(`state.${item.review.step}`), round: item.review.revision })}</span>
              </div>
              <div className="small d-flex align-items-center gap-2">
                <span data-testid="queue-waiting">{waitingText(item.waitingMinutes, item.waitingDays)}</span>
                {' · '}
                <span data-testid="queue-deadline" className={item.overdue ? 'text-danger fw-semibold' : undefined}>
                  {t('queue.deadline', { date: formatDay(item.deadline, lang) })}
                </span>
                {item.overdue && (
                  <Badge bg="danger" data-testid="queue-overdue">
                    {t('queue.overdue')}
                  </Badge>
                )}
              </div>
            </div>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
