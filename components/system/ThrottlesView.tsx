import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api } from '@/lib/client/api';
import { formatDateTime } from '@/lib/format/time';
import type { ThrottleView } from '@/lib/server/idp/throttles-admin';

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
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = throttles.data ?? [];

  const clear = async (row: ThrottleView) => {
    setBusy(row.key);
    const answer = await api.POST('/api/sys/throttles/clear', {
      body: { key: row.key },
      token: session?.accessToken,
    });
    setBusy(null);
    const ok = answer?.status === 0;
    setNotice({ ok, text: ok ? t('cleared') : t('clearFailed') });
    void throttles.mutate();
  };

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
      {notice && (
        <Alert
          variant={notice.ok ? 'success' : 'danger'}
          dismissible
          onClose={() => setNotice(null)}
          data-testid="throttles-notice"
        >
          {notice.text}
        </Alert>
      )}
      {throttles.data === null && <Alert variant="danger">{t('loadFailed')}</Alert>}
      <Table responsive size="sm" hover className="align-middle small" data-testid="throttles-table">
        <thead>
          <tr>
            <th scope="col">{t('col.kind')}</th>
            <th scope="col">{t('col.account')}</th>
            <th scope="col">{t('col.source')}</th>
            <th scope="col" className="text-end">
              {t('col.failures')}
            </th>
            <th scope="col">{t('col.last')}</th>
            <th scope="col">{t('col.wait')}</th>
            <th scope="col">{t('col.notified')}</th>
            <th scope="col">{t('col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const kind = (KINDS as readonly string[]).includes(row.kind) ? t(`kind.${row.kind}`) : row.kind;
            return (
              <tr
                key={row.key}
                data-testid="throttle-row"
                data-kind={row.kind}
                data-account={row.account ?? ''}
                data-source={row.source ?? ''}
              >
                <td>{kind}</td>
                <td className="text-break">{row.account ?? t('none')}</td>
                <td className="text-break">{row.source ?? t('none')}</td>
                <td className="text-end">{row.failures}</td>
                <td className="text-nowrap">{formatDateTime(row.lastFailureAt, t('none'))}</td>
                <td className="text-nowrap">
                  {row.waitSeconds > 0 ? (
                    <Badge bg="warning" text="dark" data-testid="throttle-wait">
                      {t('waiting', { seconds: row.waitSeconds })}
                    </Badge>
                  ) : (
                    t('notWaiting')
                  )}
                </td>
                <td className="text-nowrap">
                  {row.notifiedAt ? t('notified', { time: formatDateTime(row.notifiedAt) }) : t('none')}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={busy === row.key}
                    onClick={() => void clear(row)}
                    data-testid="throttle-clear"
                    aria-label={`${t('clear')}: ${kind} ${row.account ?? ''} ${row.source ?? ''}`.trim()}
                  >
                    {busy === row.key ? t('clearing') : t('clear')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {throttles.isLoading && <Spinner size="sm" />}
      {!throttles.isLoading && throttles.data && rows.length === 0 && (
        <p className="text-muted" data-testid="throttles-empty">
          {t('empty')}
        </p>
      )}
    </section>
  );
}
