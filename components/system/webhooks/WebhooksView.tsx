import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RowActions } from '@/components/kit/table/RowActions';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { ListTable } from '../ListTable';
import { SecretOnce } from '../SecretOnce';
import { useRowCalls } from '../use-row-calls';
import { CreateWebhook } from './CreateWebhook';
import { DeliveriesPanel } from './DeliveriesPanel';
import { eventLabel } from './event-labels';
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
  const endpoints = useWebhookEndpoints();
  const calls = useWebhookCalls();
  const { busy, run, notice, dialogs } = useRowCalls({
    reload: endpoints.mutate,
    noticeTestId: 'hook-notice',
    failed: t('failed'),
  });
  const [open, setOpen] = useState<string | null>(null);
  const opened = endpoints.data?.find((r) => r.key === open) ?? null;

  // The secret lives only in the dialog: once it is closed, nothing on the page holds it.
  const showSecret = (heading: string) => (issued: IssuedWebhookSecret) =>
    dialogs.info(
      heading,
      <SecretOnce
        testId="hook-secret"
        warning={t('secret.once')}
        facts={[
          { label: t('secret.url'), value: issued.endpoint.url },
          { label: t('secret.value'), value: issued.secret, copy: true, testId: 'hook-secret-value' },
        ]}
        howTo={{ label: t('secret.verify'), value: t('secret.howTo') }}
      />,
    );

  const create = async (values: WebhookCreateValues) => {
    notice.clear();
    const answer = await calls.create(values);
    if (answer?.status === 0) {
      void endpoints.mutate();
      await showSecret(t('secret.createdTitle'))(answer.data);
      notice.show(true, t('created', { url: answer.data.endpoint.url }));
    }
    return answer;
  };

  const remove = async (row: WebhookEndpointRow) => {
    const removed = await run(row.key, {
      confirm: [t('delete.title'), t('delete.body', { url: row.url })],
      call: () => calls.remove(row.key),
      done: t('deleted', { url: row.url }),
    });
    if (removed && open === row.key) setOpen(null);
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
      <RowActions
        actions={[
          {
            label: t('deliveries'),
            name: t('deliveriesLabel', { url: row.url }),
            variant: open === row.key ? 'primary' : 'outline-primary',
            pressed: open === row.key,
            onClick: () => setOpen(open === row.key ? null : row.key),
            testId: 'hook-show-deliveries',
          },
          {
            label: t(row.enabled ? 'disable' : 'enable'),
            name: t(row.enabled ? 'disableLabel' : 'enableLabel', { url: row.url }),
            variant: 'outline-secondary',
            disabled: busy === row.key,
            testId: 'hook-toggle',
            onClick: () =>
              void run(row.key, {
                call: () => calls.setEnabled(row.key, !row.enabled),
                done: t(row.enabled ? 'disabled' : 'enabled', { url: row.url }),
              }),
          },
          {
            label: t('rotate.button'),
            name: t('rotate.label', { url: row.url }),
            variant: 'outline-secondary',
            disabled: busy === row.key,
            testId: 'hook-rotate',
            onClick: () =>
              void run(row.key, {
                confirm: [t('rotate.title'), t('rotate.body', { url: row.url })],
                call: () => calls.rotate(row.key),
                then: showSecret(t('secret.rotatedTitle')),
                done: t('rotated', { url: row.url }),
              }),
          },
          {
            label: t('delete.button'),
            name: t('delete.label', { url: row.url }),
            variant: 'outline-danger',
            disabled: busy === row.key,
            testId: 'hook-delete',
            onClick: () => void remove(row),
          },
        ]}
      />
    )),
  ];

  return (
    <section data-testid="sys-webhooks">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      {notice.alert}
      <CreateWebhook onCreate={create} />
      <h2 className="h5">{t('listTitle')}</h2>
      <ListTable
        list={endpoints}
        columns={columns}
        caption={t('listTitle')}
        rowProps={(row) => ({ 'data-testid': 'hook-row', 'data-url': row.url, 'data-enabled': String(row.enabled) })}
        empty={{ message: <span data-testid="hook-empty">{t('empty')}</span> }}
        skeletonRows={2}
      />
      {opened && <DeliveriesPanel key={opened.key} endpoint={opened} />}
    </section>
  );
}
