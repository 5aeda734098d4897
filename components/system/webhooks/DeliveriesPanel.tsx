import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import { DataTable } from '@/components/kit/table/DataTable';
import { RowActions } from '@/components/kit/table/RowActions';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { useNotice } from '../use-notice';
import { eventLabel } from './event-labels';
import {
  DELIVERY_PAGE,
  useWebhookCalls,
  useWebhookDeliveries,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks-api';

const STATE_BG: Record<WebhookDeliveryRow['state'], string> = { queued: 'info', delivered: 'success', failed: 'danger' };

/** One endpoint's messages, newest first, a page at a time, each with a Replay button. */
export function DeliveriesPanel({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const { t } = useTranslation(['webhooks', 'flow']);
  const { lang } = useShell();
  const [offset, setOffset] = useState(0);
  const deliveries = useWebhookDeliveries(endpoint.key, offset);
  const calls = useWebhookCalls();
  const notice = useNotice('hook-delivery-notice');
  const [busy, setBusy] = useState<string | null>(null);
  const page = deliveries.data ?? undefined;

  const replay = async (row: WebhookDeliveryRow) => {
    setBusy(row.key);
    const answer = await calls.replay(endpoint.key, row.key);
    setBusy(null);
    void deliveries.mutate();
    notice.show(answer?.status === 0, t(answer?.status === 0 ? 'webhooks:replayed' : 'webhooks:replayFailed'));
  };

  const columns = [
    column<WebhookDeliveryRow>('dateCreated', t('webhooks:dcol.created'), (row) => row.dateCreated, { kind: 'datetime' }),
    column<WebhookDeliveryRow>('eventType', t('webhooks:dcol.event'), (row) => eventLabel(t, row.eventType)),
    column<WebhookDeliveryRow>('reference', t('webhooks:dcol.reference'), (row) => row.reference ?? ''),
    column<WebhookDeliveryRow>('state', t('webhooks:dcol.state'), (row) => t(`webhooks:dstate.${row.state}`), {
      render: (row) => (
        <Badge bg={STATE_BG[row.state]} data-testid="hook-delivery-state">
          {t(`webhooks:dstate.${row.state}`)}
        </Badge>
      ),
    }),
    column<WebhookDeliveryRow>('attempts', t('webhooks:dcol.attempts'), (row) => row.attempts),
    column<WebhookDeliveryRow>('lastStatus', t('webhooks:dcol.lastStatus'), (row) => row.lastStatus ?? '', {
      render: (row) => (
        <span title={row.lastError ?? undefined} data-testid="hook-delivery-status">
          {row.lastStatus ?? (row.lastError ? t('webhooks:noAnswer') : '')}
        </span>
      ),
    }),
    column<WebhookDeliveryRow>('deliveredAt', t('webhooks:dcol.delivered'), (row) => row.deliveredAt, { kind: 'datetime' }),
    actionsColumn<WebhookDeliveryRow>(t('webhooks:dcol.actions'), (row) => (
      <RowActions
        actions={[
          {
            label: t('webhooks:replay'),
            name: t('webhooks:replayLabel', { event: eventLabel(t, row.eventType), reference: row.reference ?? '' }),
            disabled: busy === row.key || !endpoint.enabled,
            onClick: () => void replay(row),
            testId: 'hook-replay',
          },
        ]}
      />
    )),
  ];

  const total = page?.total ?? 0;
  return (
    <section className="mt-4" data-testid="hook-deliveries" data-endpoint={endpoint.key}>
      <h2 className="h5">{t('webhooks:deliveriesTitle', { url: endpoint.url })}</h2>
      {!endpoint.enabled && <p className="small text-muted">{t('webhooks:replayDisabled')}</p>}
      {notice.alert}
      <DataTable
        columns={columns}
        rows={page?.items}
        error={deliveries.data === null || Boolean(deliveries.error)}
        onRetry={() => void deliveries.mutate()}
        lang={lang}
        caption={t('webhooks:deliveriesTitle', { url: endpoint.url })}
        getRowId={(row) => row.key}
        rowProps={(row) => ({ 'data-testid': 'hook-delivery-row', 'data-state': row.state, 'data-event': row.eventType })}
        empty={{ message: <span data-testid="hook-deliveries-empty">{t('webhooks:deliveriesEmpty')}</span> }}
        skeletonRows={3}
        toolbar={
          total > DELIVERY_PAGE && (
            <span className="small text-muted">
              {t('webhooks:range', { from: offset + 1, to: Math.min(offset + DELIVERY_PAGE, total), total })}
            </span>
          )
        }
        pager={{
          page: offset / DELIVERY_PAGE + 1,
          hasPrevious: offset > 0,
          hasNext: offset + DELIVERY_PAGE < total,
          onPrevious: () => setOffset(Math.max(0, offset - DELIVERY_PAGE)),
          onNext: () => setOffset(offset + DELIVERY_PAGE),
          testId: 'hook-deliveries-pager',
        }}
      />
    </section>
  );
}
