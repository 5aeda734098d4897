import Col from 'react-bootstrap/Col';
import { useTranslation } from 'next-i18next/pages';
import { SelectField } from '@/components/kit/form/SelectField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { OUTBOX, OUTBOX_STATES, outboxQuery, type OutboxFilter, type OutboxSummary } from './mail-outbox-api';
import { DetailRows, QueueDetail, StateBadge, Stored } from './queue/QueueParts';
import { QueueScreen } from './queue/QueueScreen';
import { useQueueItem } from './queue/queue-api';

const STATE_COLOURS: Record<string, string> = { queued: 'warning', sent: 'success', failed: 'danger', kept: 'secondary' };

function useMailWords() {
  const { t } = useTranslation('mail');
  const badge = (state: string) => (
    <StateBadge state={state} colours={STATE_COLOURS} label={(s) => t(`state.${s}`)} testId="mail-state" />
  );
  const when = (time: string | null) => (time ? formatDateTime(time) : t('none'));
  return { t, badge, when };
}

/** sys/mail: the e-mail outbox, filterable by state; open a message to read it; retry one that has not gone out. */
export function MailOutboxView({ title }: ScreenViewProps) {
  const { t, badge, when } = useMailWords();
  const { lang } = useShell();
  const form = useSchemaForm<OutboxFilter>(() => import('@/lib/server/mail/inputs').then((m) => m.mailListInput), {
    state: '',
  });
  const columns = [
    column<OutboxSummary>('to', t('col.to'), (row) => row.to),
    column<OutboxSummary>('subject', t('col.subject'), (row) => truncate(row.subject, 60)),
    column<OutboxSummary>('template', t('col.template'), (row) => row.template ?? t('none')),
    column<OutboxSummary>('state', t('col.state'), (row) => t(`state.${row.state}`, { defaultValue: row.state }), {
      render: (row) => badge(row.state),
    }),
    column<OutboxSummary>('attempts', t('col.attempts'), (row) => row.attempts, { kind: 'count' }),
    column<OutboxSummary>('lastError', t('col.lastError'), (row) => row.lastError ?? '', {
      render: (row) => (
        <span className="text-danger" title={row.lastError ?? undefined}>
          {row.lastError ? truncate(row.lastError, 40) : t('none')}
        </span>
      ),
    }),
    column<OutboxSummary>('created', t('col.created'), (row) => row.dateCreated, { kind: 'datetime' }),
    column<OutboxSummary>('sent', t('col.sent'), (row) => when(row.sentAt)),
  ];
  return (
    <QueueScreen
      title={title}
      ns="mail"
      ids={{ list: 'mail', item: 'mail' }}
      link={{ href: `/${lang}/sys/jobs`, text: t('jobsLink'), testId: 'mail-jobs-link' }}
      queue={OUTBOX}
      form={form}
      query={outboxQuery}
      filters={() => (
        <Col xs={6} md={3}>
          <SelectField
            name="state"
            label={t('filter.state')}
            placeholder={t('filter.all')}
            options={OUTBOX_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            className="mb-0"
            testId="mail-filter-state"
          />
        </Col>
      )}
      columns={columns}
      retry={{ allowed: (row) => row.state !== 'sent', done: () => t('retried') }}
      detail={(key, onClose) => <MailDetail mailKey={key} onClose={onClose} />}
    />
  );
}

function MailDetail({ mailKey, onClose }: { mailKey: string | null; onClose: () => void }) {
  const { t, badge, when } = useMailWords();
  const { data, isLoading } = useQueueItem(OUTBOX, mailKey);
  return (
    <QueueDetail
      show={mailKey !== null}
      title={data?.subject ?? t('detail.title')}
      loading={isLoading}
      failed={data === null}
      failedText={t('loadFailed')}
      closeText={t('detail.close')}
      testId="mail-detail"
      onClose={onClose}
    >
      {data && (
        <>
          <DetailRows
            rows={[
              { label: t('col.to'), value: data.to },
              { label: t('col.state'), value: badge(data.state) },
              { label: t('col.template'), value: data.template ?? t('none') },
              { label: t('col.lang'), value: data.lang },
              { label: t('col.attempts'), value: data.attempts },
              { label: t('col.created'), value: when(data.dateCreated) },
              { label: t('col.sent'), value: when(data.sentAt) },
              { label: t('col.next'), value: when(data.nextAttemptAt), when: data.state === 'queued' },
              { label: t('col.messageId'), value: data.messageId ?? t('none'), className: 'text-break' },
              {
                label: t('col.lastError'),
                value: data.lastError,
                when: Boolean(data.lastError),
                className: 'text-danger text-break',
              },
            ]}
          />
          <h3 className="h6">{t('detail.text')}</h3>
          <Stored value={data.text} testId="mail-text" />
        </>
      )}
    </QueueDetail>
  );
}
