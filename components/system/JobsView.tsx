import Col from 'react-bootstrap/Col';
import { useTranslation } from 'next-i18next/pages';
import { SelectField } from '@/components/kit/form/SelectField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { JOB_STATES, JOBS, jobsQuery, type JobDetail, type JobsFilter, type JobSummary } from './jobs-api';
import { DetailRows, StateBadge, Stored } from './queue/QueueParts';
import { QueueScreen } from './queue/QueueScreen';

const STATE_COLOURS: Record<string, string> = { queued: 'warning', running: 'info', done: 'success', dead: 'danger' };

/** i18next reads dots as nesting: a kind's label sits under its name with the dots as underscores. */
function useJobWords() {
  const { t } = useTranslation('jobs');
  const kind = (value: string) => t(`kind.${value.replace(/\./g, '_')}`, { defaultValue: value });
  const badge = (state: string) => (
    <StateBadge state={state} colours={STATE_COLOURS} label={(s) => t(`state.${s}`)} testId="job-state" />
  );
  // A queued job waits for its next attempt; any other has finished, or not yet.
  const next = (job: JobSummary) =>
    job.state === 'queued' ? formatDateTime(job.runAt) : job.finishedAt ? formatDateTime(job.finishedAt) : t('none');
  return { t, kind, badge, next };
}

/**
 * sys/jobs: the durable jobs (mail, contract PDFs, signed agreements, credentials, mints), by
 * state and kind, with the counts by state; a dead job (a dead letter) or one waiting for its
 * next attempt can be run again now.
 */
export function JobsView({ title }: ScreenViewProps) {
  const { t, kind, badge, next } = useJobWords();
  const { lang } = useShell();
  const form = useSchemaForm<JobsFilter>(() => import('@/lib/server/jobs/inputs').then((m) => m.jobListInput), {
    state: '',
    kind: '',
  });
  const columns = [
    column<JobSummary>('kind', t('col.kind'), (row) => kind(row.kind)),
    column<JobSummary>('subject', t('col.subject'), (row) => (row.label ? truncate(row.label, 60) : t('gone')), {
      testId: 'job-label',
    }),
    column<JobSummary>('state', t('col.state'), (row) => t(`state.${row.state}`, { defaultValue: row.state }), {
      render: (row) => badge(row.state),
    }),
    column<JobSummary>(
      'attempts',
      t('col.attempts'),
      (row) => (row.maxAttempts !== null ? `${row.attempts} / ${row.maxAttempts}` : String(row.attempts)),
      { kind: 'count' },
    ),
    column<JobSummary>('lastError', t('col.lastError'), (row) => row.lastError ?? '', {
      render: (row) => (
        <span className="text-danger" title={row.lastError ?? undefined}>
          {row.lastError ? truncate(row.lastError, 48) : t('none')}
        </span>
      ),
    }),
    column<JobSummary>('created', t('col.created'), (row) => row.dateCreated, { kind: 'datetime' }),
    column<JobSummary>('next', t('col.next'), next),
  ];
  return (
    <QueueScreen
      title={title}
      ns="jobs"
      ids={{ list: 'jobs', item: 'job' }}
      link={{ href: `/${lang}/sys/mail`, text: t('mailLink'), testId: 'jobs-mail-link' }}
      queue={JOBS}
      form={form}
      query={jobsQuery}
      summary={(page) => (
        <ul className="list-inline small mb-2" data-testid="jobs-counts">
          {JOB_STATES.map((s) => (
            <li key={s} className="list-inline-item me-3" data-testid={`jobs-count-${s}`}>
              {t(`state.${s}`)}: <strong>{page.counts[s] ?? 0}</strong>
            </li>
          ))}
        </ul>
      )}
      filters={(page) => (
        <>
          <Col xs={6} md={3}>
            <SelectField
              name="state"
              label={t('filter.state')}
              placeholder={t('filter.all')}
              options={JOB_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
              className="mb-0"
              testId="jobs-filter-state"
            />
          </Col>
          <Col xs={6} md={3}>
            <SelectField
              name="kind"
              label={t('filter.kind')}
              placeholder={t('filter.all')}
              options={(page?.kinds ?? []).map((k) => ({ value: k, label: kind(k) }))}
              className="mb-0"
              testId="jobs-filter-kind"
            />
          </Col>
        </>
      )}
      columns={columns}
      rowData={(row) => ({ 'data-kind': row.kind, 'data-state': row.state, 'data-subject': row.subject ?? '' })}
      retry={{
        allowed: (row) => row.state === 'dead' || row.state === 'queued',
        variant: (row) => (row.state === 'dead' ? 'primary' : 'outline-primary'),
        done: (row) => t('retried', { kind: kind(row.kind) }),
      }}
      detail={{ title: (job) => kind(job.kind), body: (job) => <JobFacts job={job} /> }}
    />
  );
}

function JobFacts({ job }: { job: JobDetail }) {
  const { t, badge, next } = useJobWords();
  return (
    <>
      <DetailRows
        rows={[
          { label: t('col.state'), value: badge(job.state) },
          {
            label: t('col.subject'),
            value: (
              <>
                {job.label ?? t('gone')} <code className="small text-muted">{job.subject ?? ''}</code>
              </>
            ),
            className: 'text-break',
          },
          {
            label: t('col.attempts'),
            value: `${job.attempts}${job.maxAttempts !== null ? ` / ${job.maxAttempts}` : ` (${t('detail.forever')})`}`,
          },
          { label: t('col.created'), value: formatDateTime(job.dateCreated) },
          { label: t('col.next'), value: next(job) },
          {
            label: t('col.lastError'),
            value: job.lastError,
            when: Boolean(job.lastError),
            className: 'text-danger text-break',
            testId: 'job-last-error',
          },
        ]}
      />
      <h3 className="h6">{t('detail.payload')}</h3>
      <Stored value={job.payload} testId="job-payload" />
      {job.result && (
        <>
          <h3 className="h6">{t('detail.result')}</h3>
          <Stored value={job.result} />
        </>
      )}
    </>
  );
}
