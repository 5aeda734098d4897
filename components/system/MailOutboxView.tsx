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
import { OUTBOX_STATES, retryMail, useOutbox, useOutboxMail, type OutboxState, type OutboxSummary } from './mail-outbox-api';

const STATE_COLOURS: Record<OutboxState, string> = { queued: 'warning', sent: 'success', failed: 'danger', kept: 'secondary' };

function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('mail');
  const known = (OUTBOX_STATES as readonly string[]).includes(state) ? (state as OutboxState) : null;
  return (
    <Badge bg={known ? STATE_COLOURS[known] : 'light'} text={known === 'queued' ? 'dark' : undefined} data-testid="mail-state">
      {known ? t(`state.${known}`) : state}
    </Badge>
  );
}

/** sys/mail: the e-mail outbox, filterable by state; open a message to read it; retry one that has not gone out. */
export function MailOutboxView({ title }: ScreenViewProps) {
  const { t } = useTranslation('mail');
  const [state, setState] = useState<OutboxState | ''>('');
  const [opened, setOpened] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const outbox = useOutbox(state);
  const { lang, settings } = useShell();
  const { data: session } = useSession();
  const rows = outbox.data?.flatMap((page) => page?.items ?? []) ?? [];
  const last = outbox.data?.[outbox.data.length - 1];
  const failedToLoad = outbox.data?.some((page) => page === null);

  const retry = async (row: OutboxSummary) => {
    setBusy(row.key);
    const ok = await retryMail(settings.coreApiUrl, session?.accessToken, row.key);
    setBusy(null);
    setNotice({ ok, text: ok ? t('retried') : t('retryFailed') });
    void outbox.mutate();
  };

  return (
    <section data-testid="sys-mail">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">
        {t('intro')}{' '}
        <Link href={`/${lang}/sys/jobs`} data-testid="mail-jobs-link">
          {t('jobsLink')}
        </Link>
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId="mail-state-filter">
          <Form.Label className="small mb-1">{t('filter.state')}</Form.Label>
          <Form.Select
            size="sm"
            value={state}
            onChange={(e) => setState(e.target.value as OutboxState | '')}
            data-testid="mail-filter-state"
          >
            <option value="">{t('filter.all')}</option>
            {OUTBOX_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={() => void outbox.mutate()} data-testid="mail-refresh">
          {t('filter.refresh')}
        </Button>
      </div>
      {notice && (
        <Alert variant={notice.ok ? 'success' : 'danger'} dismissible onClose={() => setNotice(null)} data-testid="mail-notice">
          {notice.text}
        </Alert>
      )}
      {failedToLoad && <Alert variant="danger">{t('loadFailed')}</Alert>}
      <Table responsive size="sm" hover className="align-middle small" data-testid="mail-table">
        <thead>
          <tr>
            <th>{t('col.to')}</th>
            <th>{t('col.subject')}</th>
            <th>{t('col.template')}</th>
            <th>{t('col.state')}</th>
            <th className="text-end">{t('col.attempts')}</th>
            <th>{t('col.lastError')}</th>
            <th>{t('col.created')}</th>
            <th>{t('col.sent')}</th>
            <th>{t('col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={`mail-row-${row.key}`}>
              <td>{row.to}</td>
              <td>{truncate(row.subject, 60)}</td>
              <td>{row.template ?? t('none')}</td>
              <td>
                <StateBadge state={row.state} />
              </td>
              <td className="text-end">{row.attempts}</td>
              <td className="text-danger" title={row.lastError ?? undefined}>
                {row.lastError ? truncate(row.lastError, 40) : t('none')}
              </td>
              <td className="text-nowrap">{formatDateTime(row.dateCreated)}</td>
              <td className="text-nowrap">{row.sentAt ? formatDateTime(row.sentAt) : t('none')}</td>
              <td className="text-nowrap">
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 me-2"
                  onClick={() => setOpened(row.key)}
                  data-testid={`mail-open-${row.key}`}
                >
                  {t('open')}
                </Button>
                {row.state !== 'sent' && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={busy === row.key}
                    onClick={() => void retry(row)}
                    data-testid={`mail-retry-${row.key}`}
                  >
                    {t('retry')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {outbox.isLoading && <Spinner size="sm" />}
      {!outbox.isLoading && rows.length === 0 && !failedToLoad && (
        <p className="text-muted" data-testid="mail-empty">
          {t('empty')}
        </p>
      )}
      {last?.nextCursor && (
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => void outbox.setSize(outbox.size + 1)}
          data-testid="mail-more"
        >
          {t('more')}
        </Button>
      )}
      <MailDetail mailKey={opened} onClose={() => setOpened(null)} />
    </section>
  );
}

function MailDetail({ mailKey, onClose }: { mailKey: string | null; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const { data, isLoading } = useOutboxMail(mailKey);
  const mail = data?.status === 0 ? data.data : null;
  return (
    <Modal show={mailKey !== null} onHide={onClose} size="lg" data-testid="mail-detail">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {mail?.subject ?? t('detail.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {isLoading && <Spinner size="sm" />}
        {data === null && <Alert variant="danger">{t('loadFailed')}</Alert>}
        {mail && (
          <>
            <dl className="row small mb-3">
              <dt className="col-sm-3">{t('col.to')}</dt>
              <dd className="col-sm-9">{mail.to}</dd>
              <dt className="col-sm-3">{t('col.state')}</dt>
              <dd className="col-sm-9">
                <StateBadge state={mail.state} />
              </dd>
              <dt className="col-sm-3">{t('col.template')}</dt>
              <dd className="col-sm-9">{mail.template ?? t('none')}</dd>
              <dt className="col-sm-3">{t('col.lang')}</dt>
              <dd className="col-sm-9">{mail.lang}</dd>
              <dt className="col-sm-3">{t('col.attempts')}</dt>
              <dd className="col-sm-9">{mail.attempts}</dd>
              <dt className="col-sm-3">{t('col.created')}</dt>
              <dd className="col-sm-9">{formatDateTime(mail.dateCreated)}</dd>
              <dt className="col-sm-3">{t('col.sent')}</dt>
              <dd className="col-sm-9">{mail.sentAt ? formatDateTime(mail.sentAt) : t('none')}</dd>
              {mail.state === 'queued' && (
                <>
                  <dt className="col-sm-3">{t('col.next')}</dt>
                  <dd className="col-sm-9">{formatDateTime(mail.nextAttemptAt)}</dd>
                </>
              )}
              <dt className="col-sm-3">{t('col.messageId')}</dt>
              <dd className="col-sm-9 text-break">{mail.messageId ?? t('none')}</dd>
              {mail.lastError && (
                <>
                  <dt className="col-sm-3">{t('col.lastError')}</dt>
                  <dd className="col-sm-9 text-danger text-break">{mail.lastError}</dd>
                </>
              )}
            </dl>
            <h3 className="h6">{t('detail.text')}</h3>
            <pre className="bg-light border rounded p-2 small" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
              {mail.text}
            </pre>
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
