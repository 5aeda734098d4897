import Col from 'react-bootstrap/Col';
import { useTranslation } from 'next-i18next/pages';
import { SelectField } from '@/components/kit/form/SelectField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { OUTBOX, OUTBOX_STATES, outboxQuery, type OutboxFilter, type OutboxMail, type OutboxSummary } from './mail-outbox-api';
import { DetailRows, StateBadge, Stored } from './queue/QueueParts';
import { QueueScreen } from './queue/QueueScreen';

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
      detail={{ title: (mail) => mail.subject, body: (mail) => <MailFacts mail={mail} /> }}
    />
  );
}

function MailFacts({ mail }: { mail: OutboxMail }) {
  const { t, badge, when } = useMailWords();
  return (
    <>
      <DetailRows
        rows={[
          { label: t('col.to'), value: mail.to },
          { label: t('col.state'), value: badge(mail.state) },
          { label: t('col.template'), value: mail.template ?? t('none') },
          { label: t('col.lang'), value: mail.lang },
          { label: t('col.attempts'), value: mail.attempts },
          { label: t('col.created'), value: when(mail.dateCreated) },
          { label: t('col.sent'), value: when(mail.sentAt) },
          { label: t('col.next'), value: when(mail.nextAttemptAt), when: mail.state === 'queued' },
          { label: t('col.messageId'), value: mail.messageId ?? t('none'), className: 'text-break' },
          {
            label: t('col.lastError'),
            value: mail.lastError,
            when: Boolean(mail.lastError),
            className: 'text-danger text-break',
          },
        ]}
      />
      <h3 className="h6">{t('detail.text')}</h3>
      <Stored value={mail.text} testId="mail-text" />
    </>
  );
}
