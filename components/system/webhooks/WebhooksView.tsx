import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { CreateWebhook } from './CreateWebhook';
import { DeliveriesPanel } from './DeliveriesPanel';
import { eventLabel } from './event-labels';
import { WebhookSecretOnce } from './SecretOnce';
import {
  useWebhookCalls,
  useWebhookEndpoints,
  type IssuedWebhookSecret,
  type WebhookCreateValues,
  type WebhookEndpointRow,
} from './webhooks-api';

/**
 * sys/webhooks: outside systems told of business state changes. Administrators add an endpoint
 * with the events it wants, see its signing secret once, pause or resume it, rotate the secret,
 * delete it, and read its delivery log, sending a message again when needed.
 */
export function WebhooksView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['webhooks', 'flow']);
  const { lang } = useShell();
  const dialogs = useDialogs();
  const endpoints = useWebhookEndpoints();
  const calls = useWebhookCalls();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = endpoints.data ?? undefined;
  const opened = rows?.find((r) => r.key === open) ?? null;

  // The secret lives only in the dialog: once it is closed, nothing on the page holds it.
  const showSecret = (issued: IssuedWebhookSecret, heading: string) =>
    dialogs.info(heading, <WebhookSecretOnce issued={issued} />);

  const create = async (values: WebhookCreateValues) => {
    setNotice(null);
    const answer = await calls.create(values);
    if (answer?.status === 0) {
      void endpoints.mutate();
      await showSecret(answer.data, t('secret.createdTitle'));
      setNotice({ ok: true, text: t('created', { url: answer.data.endpoint.url }) });
    }
    return answer;
  };

  const act = async (row: WebhookEndpointRow, run: () => Promise<{ status: number } | null>, done: string) => {
    setBusy(row.key);
    const answer = await run();
    setBusy(null);
    void endpoints.mutate();
    setNotice(answer?.status === 0 ? { ok: true, text: done } : { ok: false, text: t('failed') });
    return answer?.status === 0;
  };

  const toggle = (row: WebhookEndpointRow) =>
    act(row, () => calls.setEnabled(row.key, !row.enabled), t(row.enabled ? 'disabled' : 'enabled', { url: row.url }));

  const rotate = async (row: WebhookEndpointRow) => {
    if (!(await dialogs.confirm(t('rotate.title'), t('rotate.body', { url: row.url })))) return;
    setBusy(row.key);
    const answer = await calls.rotate(row.key);
    setBusy(null);
    if (answer?.status === 0) {
      await showSecret(answer.data, t('secret.rotatedTitle'));
      setNotice({ ok: true, text: t('rotated', { url: row.url }) });
    } else setNotice({ ok: false, text: t('failed') });
  };

  const remove = async (row: WebhookEndpointRow) => {
    if (!(await dialogs.confirm(t('delete.title'), t('delete.body', { url: row.url })))) return;
    if ((await act(row, () => calls.remove(row.key), t('deleted', { url: row.url }))) && open === row.key) setOpen(null);
  };

  const columns = [
    column<WebhookEndpointRow>('url', t('col.url'), (row) => row.url, {
      render: (row) => (
        <span className="text-break" data-testid="hook-row-url">
          {row.url}
          {row.description && <span className="d-block small text-muted">{row.description}</span>}
        </span>
      ),
    }),
    column<WebhookEndpointRow>('events', t('col.events'), (row) => row.events.map((e) => eventLabel(t, e)).join(' / '), {
      render: (row) =>
        row.events.length === 0 ? (
          <span className="text-muted small">{t('noEvents')}</span>
        ) : (
          <ul className="list-unstyled mb-0 small">
            {row.events.map((e) => (
              <li key={e}>{eventLabel(t, e)}</li>
            ))}
          </ul>
        ),
    }),
    column<WebhookEndpointRow>('enabled', t('col.state'), (row) => t(row.enabled ? 'state.on' : 'state.off'), {
      render: (row) => (
        <Badge bg={row.enabled ? 'success' : 'secondary'} data-testid="hook-row-state">
          {t(row.enabled ? 'state.on' : 'state.off')}
        </Badge>
      ),
    }),
    column<WebhookEndpointRow>('dateCreated', t('col.created'), (row) => row.dateCreated, { kind: 'datetime' }),
    actionsColumn<WebhookEndpointRow>(t('col.actions'), (row) => (
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={open === row.key ? 'primary' : 'outline-primary'}
          onClick={() => setOpen(open === row.key ? null : row.key)}
          aria-pressed={open === row.key}
          data-testid="hook-show-deliveries"
          aria-label={t('deliveriesLabel', { url: row.url })}
        >
          {t('deliveries')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={busy === row.key}
          onClick={() => void toggle(row)}
          data-testid="hook-toggle"
          aria-label={t(row.enabled ? 'disableLabel' : 'enableLabel', { url: row.url })}
        >
          {t(row.enabled ? 'disable' : 'enable')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={busy === row.key}
          onClick={() => void rotate(row)}
          data-testid="hook-rotate"
          aria-label={t('rotate.label', { url: row.url })}
        >
          {t('rotate.button')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={busy === row.key}
          onClick={() => void remove(row)}
          data-testid="hook-delete"
          aria-label={t('delete.label', { url: row.url })}
        >
          {t('delete.button')}
        </Button>
      </div>
    )),
  ];

  return (
    <section data-testid="sys-webhooks">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      {notice && (
        <Alert variant={notice.ok ? 'success' : 'danger'} dismissible onClose={() => setNotice(null)} data-testid="hook-notice">
          {notice.text}
        </Alert>
      )}
      <CreateWebhook onCreate={create} />
      <h2 className="h5">{t('listTitle')}</h2>
      <DataTable
        columns={columns}
        rows={rows}
        error={endpoints.data === null || Boolean(endpoints.error)}
        onRetry={() => void endpoints.mutate()}
        lang={lang}
        caption={t('listTitle')}
        getRowId={(row) => row.key}
        rowProps={(row) => ({ 'data-testid': 'hook-row', 'data-url': row.url, 'data-enabled': String(row.enabled) })}
        empty={{ message: <span data-testid="hook-empty">{t('empty')}</span> }}
        skeletonRows={2}
      />
      {opened && <DeliveriesPanel key={opened.key} endpoint={opened} />}
    </section>
  );
}
