import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RowActions } from '@/components/kit/table/RowActions';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { api } from '@/lib/client/api';
import { formatDateTime } from '@/lib/format/time';
import type { ThrottleView } from '@/lib/server/idp/throttles-admin';
import { ListTable } from './ListTable';
import { useNotice } from './use-notice';

const KINDS = ['pair', 'source', 'account'] as const;

function useThrottles() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(
    token ? ['sys-throttles', token] : null,
    async () => {
      const answer = await api.GET('/api/sys/throttles', { token });
      // The spec leaves every field optional; the handler sends them all.
      return answer?.status === 0 ? (answer.data as ThrottleView[]) : null;
    },
    { refreshInterval: 10_000 },
  );
}

/** sys/throttles: sign-in throttles that still count; an admin clears one to let its source in. */
export function ThrottlesView({ title }: ScreenViewProps) {
  const { t } = useTranslation('throttles');
  const { data: session } = useSession();
  const throttles = useThrottles();
  const [busy, setBusy] = useState<string | null>(null);
  const notice = useNotice('throttles-notice');
  const kindOf = (row: ThrottleView) => ((KINDS as readonly string[]).includes(row.kind) ? t(`kind.${row.kind}`) : row.kind);

  const clear = async (row: ThrottleView) => {
    setBusy(row.key);
    const answer = await api.POST('/api/sys/throttles/clear', { body: { key: row.key }, token: session?.accessToken });
    setBusy(null);
    const ok = answer?.status === 0;
    notice.show(ok, ok ? t('cleared') : t('clearFailed'));
    void throttles.mutate();
  };

  const columns = [
    column<ThrottleView>('kind', t('col.kind'), kindOf),
    column<ThrottleView>('account', t('col.account'), (row) => row.account ?? t('none')),
    column<ThrottleView>('source', t('col.source'), (row) => row.source ?? t('none')),
    column<ThrottleView>('failures', t('col.failures'), (row) => row.failures, { kind: 'count' }),
    column<ThrottleView>('last', t('col.last'), (row) => formatDateTime(row.lastFailureAt, t('none'))),
    column<ThrottleView>(
      'wait',
      t('col.wait'),
      (row) => (row.waitSeconds > 0 ? t('waiting', { seconds: row.waitSeconds }) : t('notWaiting')),
      {
        render: (row) =>
          row.waitSeconds > 0 ? (
            <Badge bg="warning" text="dark" data-testid="throttle-wait">
              {t('waiting', { seconds: row.waitSeconds })}
            </Badge>
          ) : (
            t('notWaiting')
          ),
      },
    ),
    column<ThrottleView>('notified', t('col.notified'), (row) =>
      row.notifiedAt ? t('notified', { time: formatDateTime(row.notifiedAt) }) : t('none'),
    ),
    actionsColumn<ThrottleView>(t('col.actions'), (row) => (
      <RowActions
        actions={[
          {
            label: busy === row.key ? t('clearing') : t('clear'),
            name: `${t('clear')}: ${kindOf(row)} ${row.account ?? ''} ${row.source ?? ''}`.trim(),
            variant: 'outline-danger',
            disabled: busy === row.key,
            onClick: () => void clear(row),
            testId: 'throttle-clear',
          },
        ]}
      />
    )),
  ];

  return (
    <section data-testid="sys-throttles">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      <Button
        size="sm"
        variant="outline-secondary"
        className="mb-3"
        onClick={() => void throttles.mutate()}
        data-testid="throttles-refresh"
      >
        {t('refresh')}
      </Button>
      {notice.alert}
      <ListTable
        list={throttles}
        columns={columns}
        caption={title}
        testId="throttles-table"
        rowProps={(row) => ({
          'data-testid': 'throttle-row',
          'data-kind': row.kind,
          'data-account': row.account ?? '',
          'data-source': row.source ?? '',
        })}
        empty={{ message: <span data-testid="throttles-empty">{t('empty')}</span> }}
        skeletonRows={3}
      />
    </section>
  );
}
