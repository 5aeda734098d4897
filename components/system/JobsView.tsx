import Link from 'next/link';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { JOB_STATES, retryJob, useJob, useJobs, type JobState, type JobSummary } from './jobs-api';

const STATE_COLOURS: Record<JobState, string> = { queued: 'warning', running: 'info', done: 'success', dead: 'danger' };

/** i18next reads dots as nesting: a kind's label sits under its name with the dots as underscores. */
function useKindLabel() {
  const { t } = useTranslation('jobs');
  return (kind: string) => t(`kind.${kind.replace(/\./g, '_')}`, { defaultValue: kind });
}

function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('jobs');
  const known = (JOB_STATES as readonly string[]).includes(state) ? (state as JobState) : null;
  return (
    <Badge bg={known ? STATE_COLOURS[known] : 'light'} text={known === 'queued' ? 'dark' : undefined} data-testid="job-state">
      {known ? t(`state.${known}`) : state}
    </Badge>
  );
}

/**
 * sys/jobs: the durable jobs (mail, contract PDFs, signed agreements, credentials, mints), by
 * state and kind, with the counts by state; a dead job (a dead letter) or one waiting for its
 * next attempt can be run again now.
 */
export function JobsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('jobs');
  const kindLabel = useKindLabel();
  const { lang, settings } = useShell();
  const { data: session } = useSession();
  const [state, setState] = useState<JobState | ''>('');
  const [kind, setKind] = useState('');
  const [opened, setOpened] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useJobs(state, kind);
  const rows = list.data?.flatMap((page) => page?.items ?? []) ?? [];
  const first = list.data?.[0];
  const last = list.data?.[list.data.length - 1];
  const failedToLoad = list.data?.some((page) => page === null);

  const retry = async (row: JobSummary) => {
    setBusy(row.key);
    const ok = await retryJob(settings.coreApiUrl, session?.accessToken, row.key);
    setBusy(null);
    setNotice({ ok, text: ok ? t('retried', { kind: kindLabel(row.kind) }) : t('retryFailed') });
    void list.mutate();
  };

  return (
    <section data-testid="sys-jobs">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">
        {t('intro')}{' '}
        <Link href={`/${lang}/sys/mail`} data-testid="jobs-mail-link">
          {t('mailLink')}
        </Link>
      </p>
      {first && (
        <ul className="list-inline small mb-2" data-testid="jobs-counts">
          {JOB_STATES.map((s) => (
            <li key={s} className="list-inline-item me-3" data-testid={`jobs-count-${s}`}>
              {t(`state.${s}`)}: <strong>{first.counts[s] ?? 0}</strong>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId="jobs-state-filter">
          <Form.Label className="small mb-1">{t('filter.state')}</Form.Label>
          <Form.Select
            size="sm"
            value={state}
            onChange={(e) => setState(e.target.value as JobState | '')}
            data-testid="jobs-filter-state"
          >
            <option value="">{t('filter.all')}</option>
            {JOB_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="jobs-kind-filter">
          <Form.Label className="small mb-1">{t('filter.kind')}</Form.Label>
          <Form.Select size="sm" value={kind} onChange={(e) => setKind(e.target.value)} data-testid="jobs-filter-kind">
            <option value="">{t('filter.all')}</option>
            {(first?.kinds ?? []).map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={() => void list.mutate()} data-testid="jobs-refresh">
          {t('filter.refresh')}
        </Button>
      </div>
      {notice && (
        <Alert variant={notice.ok ? 'success' : 'danger'} dismissible onClose={() => setNotice(null)} data-testid="jobs-notice">
          {notice.text}
        </Alert>
      )}
      {failedToLoad && <Alert variant="danger">{t('loadFailed')}</Alert>}
      <Table responsive size="sm" hover className="align-middle small" data-testid="jobs-table">
        <thead>
          <tr>
            <th>{t('col.kind')}</th>
            <th>{t('col.subject')}</th>
            <th>{t('col.state')}</th>
            <th className="text-end">{t('col.attempts')}</th>
            <th>{t('col.lastError')}</th>
            <th>{t('col.created')}</th>
            <th>{t('col.next')}</th>
            <th>{t('col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-testid={`job-row-${row.key}`}
              data-kind={row.kind}
              data-state={row.state}
              data-subject={row.subject ?? ''}
            >
              <td>{kindLabel(row.kind)}</td>
              <td data-testid="job-label">{row.label ? truncate(row.label, 60) : t('gone')}</td>
              <td>
                <StateBadge state={row.state} />
              </td>
              <td className="text-end">
                {row.attempts}
                {row.maxAttempts !== null && ` / ${row.maxAttempts}`}
              </td>
              <td className="text-danger" title={row.lastError ?? undefined}>
                {row.lastError ? truncate(row.lastError, 48) : t('none')}
              </td>
              <td className="text-nowrap">{formatDateTime(row.dateCreated)}</td>
              <td className="text-nowrap">
                {row.state === 'queued' ? formatDateTime(row.runAt) : row.finishedAt ? formatDateTime(row.finishedAt) : t('none')}
              </td>
              <td className="text-nowrap">
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 me-2"
                  onClick={() => setOpened(row.key)}
                  data-testid={`job-open-${row.key}`}
                >
                  {t('open')}
                </Button>
                {(row.state === 'dead' || row.state === 'queued') && (
                  <Button
                    size="sm"
                    variant={row.state === 'dead' ? 'primary' : 'outline-primary'}
                    disabled={busy === row.key}
                    onClick={() => void retry(row)}
                    data-testid={`job-retry-${row.key}`}
                  >
                    {t('retry')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {list.isLoading && <Spinner size="sm" />}
      {!list.isLoading && rows.length === 0 && !failedToLoad && (
        <p className="text-muted" data-testid="jobs-empty">
          {t('empty')}
        </p>
      )}
      {last?.nextCursor && (
        <Button size="sm" variant="outline-secondary" onClick={() => void list.setSize(list.size + 1)} data-testid="jobs-more">
          {t('more')}
        </Button>
      )}
      <JobDetailDialog jobKey={opened} onClose={() => setOpened(null)} />
    </section>
  );
}

function JobDetailDialog({ jobKey, onClose }: { jobKey: string | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const kindLabel = useKindLabel();
  const { data, isLoading } = useJob(jobKey);
  const job = data?.status === 0 ? data.data : null;
  return (
    <Modal show={jobKey !== null} onHide={onClose} size="lg" data-testid="job-detail">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {job ? kindLabel(job.kind) : t('detail.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {isLoading && <Spinner size="sm" />}
        {data === null && <Alert variant="danger">{t('loadFailed')}</Alert>}
        {job && (
          <>
            <dl className="row small mb-3">
              <dt className="col-sm-3">{t('col.state')}</dt>
              <dd className="col-sm-9">
                <StateBadge state={job.state} />
              </dd>
              <dt className="col-sm-3">{t('col.subject')}</dt>
              <dd className="col-sm-9 text-break">
                {job.label ?? t('gone')} <code className="small text-muted">{job.subject ?? ''}</code>
              </dd>
              <dt className="col-sm-3">{t('col.attempts')}</dt>
              <dd className="col-sm-9">
                {job.attempts}
                {job.maxAttempts !== null ? ` / ${job.maxAttempts}` : ` (${t('detail.forever')})`}
              </dd>
              <dt className="col-sm-3">{t('col.created')}</dt>
              <dd className="col-sm-9">{formatDateTime(job.dateCreated)}</dd>
              <dt className="col-sm-3">{t('col.next')}</dt>
              <dd className="col-sm-9">
                {job.state === 'queued' ? formatDateTime(job.runAt) : job.finishedAt ? formatDateTime(job.finishedAt) : t('none')}
              </dd>
              {job.lastError && (
                <>
                  <dt className="col-sm-3">{t('col.lastError')}</dt>
                  <dd className="col-sm-9 text-danger text-break" data-testid="job-last-error">
                    {job.lastError}
                  </dd>
                </>
              )}
            </dl>
            <h3 className="h6">{t('detail.payload')}</h3>
            <pre className="bg-light border rounded p-2 small" data-testid="job-payload">
              {JSON.stringify(job.payload, null, 2)}
            </pre>
            {job.result && (
              <>
                <h3 className="h6">{t('detail.result')}</h3>
                <pre className="bg-light border rounded p-2 small">{JSON.stringify(job.result, null, 2)}</pre>
              </>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
