import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQueueItem, type Queue, type QueuePage, type QueueQuery } from './queue-api';

/** A queue item's state as a coloured badge; a state this page does not know shows as it came. */
export function StateBadge({
  state,
  colours,
  label,
  testId,
}: {
  state: string;
  colours: Record<string, string>;
  label: (state: string) => string;
  testId: string;
}) {
  const known = state in colours;
  return (
    <Badge bg={known ? colours[state] : 'light'} text={state === 'queued' ? 'dark' : undefined} data-testid={testId}>
      {known ? label(state) : state}
    </Badge>
  );
}

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** Left out when false (a time that does not apply to this state). */
  when?: boolean;
  className?: string;
  testId?: string;
}

/** A queue item's facts, label beside value (one above the other on a phone). */
export function DetailRows({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="row small mb-3">
      {rows
        .filter((row) => row.when !== false)
        .map((row) => [
          <dt key={`${row.label}-label`} className="col-sm-3">
            {row.label}
          </dt>,
          <dd key={`${row.label}-value`} className={`col-sm-9 ${row.className ?? ''}`.trim()} data-testid={row.testId}>
            {row.value}
          </dd>,
        ])}
    </dl>
  );
}

/** The dialog one queue item opens in: its title, the item's facts once loaded, a Close button. */
export function QueueItemDialog<Q extends QueueQuery, P extends QueuePage<{ key: string }>, D>({
  queue,
  itemKey,
  onClose,
  title,
  body,
  failedText,
  closeText,
  testId,
}: {
  queue: Queue<Q, P, D>;
  itemKey: string | null;
  onClose: () => void;
  title: (item: D | null | undefined) => ReactNode;
  body: (item: D) => ReactNode;
  failedText: string;
  closeText: string;
  testId: string;
}) {
  const { data, isLoading } = useQueueItem(queue, itemKey);
  return (
    <Modal show={itemKey !== null} onHide={onClose} size="lg" data-testid={testId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {title(data)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {isLoading && <Spinner size="sm" />}
        {data === null && <Alert variant="danger">{failedText}</Alert>}
        {data && body(data)}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {closeText}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** A JSON value or a text as it was stored, kept readable (wrapped, monospace). */
export function Stored({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre className="bg-light border rounded p-2 small" style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}
