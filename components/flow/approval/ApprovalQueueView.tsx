import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { useApprovalQueue, type ApprovalKind, type Decision, type QueueItem } from '@/lib/client/flow';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import type { DecisionOutcome } from './DecisionPanel';
import { QueueList } from './QueueList';
import { SUBJECT_OF, text, type Row as Rec } from './subject';
import { RecordSearch, matchesSearch } from '@/components/refs/RecordSearch';

// The chosen item's detail (history, comparison, markups, decision) loads when an item is chosen:
// the queue alone is what the page first shows (DESIGN §10).
const ApprovalDetail = dynamic(() => import('./ApprovalDetail').then((m) => m.ApprovalDetail), { ssr: false });

type Flash =
  { kind: 'success'; decision: Decision; name: string; moved: boolean } | { kind: 'conflict'; name: string } | { kind: 'failed' };

/**
 * A holder approval screen: the signed-in approver's queue of one kind on the left, the chosen
 * item with its history and the decision panel on the right.
 */
export function ApprovalQueueView({ title, kind }: ScreenViewProps & { kind: ApprovalKind }) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const { data: queue, isLoading, mutate } = useApprovalQueue<Rec>(kind);
  const [selected, setSelected] = useState<string | null>(null);
  const [q, setQ] = useState('');
  // The queue is one approver's share (at most 500): it is searched where it is shown.
  const items = queue?.filter((item) => matchesSearch(item.name.label, q));
  const [flash, setFlash] = useState<Flash | null>(null);
  // A link from a notification or a mail chooses its item by reference (?open=LIC-2026-0042).
  const { query } = useRouter();
  const wanted = typeof query.open === 'string' ? query.open : null;
  const linked = wanted ? queue?.find((i) => i.name.reference === wanted) : undefined;
  const chosen = selected ?? (linked ? text(linked.subject.key) : null);
  const current: QueueItem<Rec> | undefined = items?.find((i) => text(i.subject.key) === chosen);

  const onOutcome = async (item: QueueItem<Rec>, outcome: DecisionOutcome, name: string) => {
    const key = text(item.subject.key);
    if (outcome.kind === 'decided') {
      setSelected(null);
      setFlash({ kind: 'success', decision: outcome.decision, name, moved: outcome.moved });
      await mutate((list) => list?.filter((i) => text(i.subject.key) !== key), { revalidate: true });
      return;
    }
    // The queue is reloaded either way: it tells whether the item is still this approver's.
    const fresh = await mutate();
    const stillMine = fresh?.some((i) => text(i.subject.key) === key);
    if (outcome.kind === 'unknown' && stillMine) {
      setFlash({ kind: 'failed' });
      return;
    }
    setSelected(null);
    setFlash({ kind: 'conflict', name });
  };

  return (
    <section data-testid={`approval-${kind}`}>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Button variant="outline-secondary" size="sm" onClick={() => void mutate()} data-testid="queue-reload">
          {t('queue.reload')}
        </Button>
      </div>
      <p className="text-muted">{t('intro', { subject: tf(`subject.${SUBJECT_OF[kind]}`) })}</p>
      {Boolean(queue?.length) && <RecordSearch onSearch={setQ} testId="queue-search" />}
      {flash?.kind === 'success' && (
        <Alert variant="success" dismissible onClose={() => setFlash(null)} data-testid="decision-success">
          {t(`done.${flash.decision}`, { name: flash.name })}
          {flash.moved ? '' : ` ${t('done.othersPending')}`}
        </Alert>
      )}
      {flash?.kind === 'conflict' && (
        <Alert variant="warning" dismissible onClose={() => setFlash(null)} data-testid="decision-conflict">
          <Alert.Heading as="h2" className="h6">
            {t('conflict.title')}
          </Alert.Heading>
          {t('conflict.body', { name: flash.name })}
        </Alert>
      )}
      {flash?.kind === 'failed' && (
        <Alert variant="danger" dismissible onClose={() => setFlash(null)} data-testid="decision-failed">
          {t('decision.failed')}
        </Alert>
      )}
      {!items?.length ? (
        <QueueList kind={kind} items={items} loading={isLoading} selected={chosen} onSelect={setSelected} />
      ) : (
        <Row className="g-3">
          <Col lg={4}>
            <h2 className="h6 text-muted">{t('queue.title', { count: items.length })}</h2>
            <QueueList kind={kind} items={items} loading={isLoading} selected={chosen} onSelect={setSelected} />
          </Col>
          <Col lg={8}>
            {current ? (
              <ApprovalDetail
                key={chosen}
                kind={kind}
                item={current}
                onOutcome={(outcome, name) => void onOutcome(current, outcome, name)}
              />
            ) : (
              <p className="text-muted border rounded p-4 text-center" data-testid="detail-placeholder">
                {t('detail.choose')}
              </p>
            )}
          </Col>
        </Row>
      )}
    </section>
  );
}

export function IpApprovalView(props: ScreenViewProps) {
  return <ApprovalQueueView {...props} kind="ips" />;
}

export function LicenseApprovalView(props: ScreenViewProps) {
  return <ApprovalQueueView {...props} kind="licenses" />;
}

export function ProductApprovalView(props: ScreenViewProps) {
  return <ApprovalQueueView {...props} kind="products" />;
}
