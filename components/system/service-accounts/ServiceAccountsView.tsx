import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useEntryWords } from '@/components/system/acl/use-entry-words';
import { useShell } from '@/lib/client/settings-context';
import { CreateServiceAccount } from './CreateServiceAccount';
import { SecretOnce } from './SecretOnce';
import {
  useServiceAccountCalls,
  useServiceAccounts,
  type CreateBody,
  type IssuedCredentials,
  type ServiceAccountRow,
} from './service-accounts-api';

/**
 * sys/service-accounts: machine access by OAuth 2.0 client credentials. Administrators create an
 * account with its access entries, see its secret once, rotate it and revoke it.
 */
export function ServiceAccountsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('service-accounts');
  const { lang, settings } = useShell();
  const external = settings.externalIdentityProvider;
  const dialogs = useDialogs();
  const accounts = useServiceAccounts();
  const calls = useServiceAccountCalls();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = accounts.data ?? undefined;
  const describe = useEntryWords(rows?.flatMap((r) => r.access));

  // The secret lives only in the dialog: once it is closed, nothing on the page holds it.
  const showSecret = async (issued: IssuedCredentials, heading: string) => {
    await dialogs.info(heading, <SecretOnce issued={issued} />);
  };

  const create = async (values: CreateBody) => {
    setNotice(null);
    const answer = await calls.create(values);
    if (answer?.status === 0) {
      void accounts.mutate();
      const { account, clientSecret } = answer.data;
      if (clientSecret === null) {
        // An external provider's client: its secret was never here, so there is nothing to show once.
        setNotice({ ok: true, text: t('createdExternal', { name: account.name, clientId: account.clientId }) });
      } else {
        await showSecret(answer.data, t('secret.createdTitle', { name: account.name }));
        setNotice({ ok: true, text: t('created', { name: account.name }) });
      }
    }
    return answer;
  };

  const rotate = async (row: ServiceAccountRow) => {
    const ok = await dialogs.confirm(t('rotate.title'), t('rotate.body', { name: row.name }));
    if (!ok) return;
    setBusy(row.key);
    const answer = await calls.rotate(row.key);
    setBusy(null);
    void accounts.mutate();
    if (answer?.status === 0) {
      await showSecret(answer.data, t('secret.rotatedTitle', { name: row.name }));
      setNotice({ ok: true, text: t('rotated', { name: row.name }) });
    } else setNotice({ ok: false, text: t('failed') });
  };

  const revoke = async (row: ServiceAccountRow) => {
    const ok = await dialogs.confirm(t('revoke.title'), t('revoke.body', { name: row.name }));
    if (!ok) return;
    setBusy(row.key);
    const answer = await calls.revoke(row.key);
    setBusy(null);
    void accounts.mutate();
    setNotice(answer?.status === 0 ? { ok: true, text: t('revoked', { name: row.name }) } : { ok: false, text: t('failed') });
  };

  const columns = [
    column<ServiceAccountRow>('name', t('col.name'), (row) => row.name, { testId: 'svc-row-name' }),
    column<ServiceAccountRow>('clientId', t('col.clientId'), (row) => row.clientId, {
      render: (row) => <code className="small text-break">{row.clientId}</code>,
    }),
    column<ServiceAccountRow>('provider', t('col.provider'), (row) => t(`provider.${row.provider}`)),
    column<ServiceAccountRow>('access', t('col.access'), (row) => row.access.map(describe).join(' / '), {
      render: (row) => (
        <ul className="list-unstyled mb-0">
          {row.access.map((entry) => (
            <li key={entry} title={entry}>
              {describe(entry)}
            </li>
          ))}
        </ul>
      ),
    }),
    column<ServiceAccountRow>('state', t('col.state'), (row) => t(`state.${row.state}`), {
      render: (row) => (
        <Badge bg={row.state === 'active' ? 'success' : 'secondary'} data-testid="svc-row-state">
          {t(`state.${row.state}`)}
        </Badge>
      ),
    }),
    column<ServiceAccountRow>('createdAt', t('col.created'), (row) => row.createdAt, { kind: 'datetime' }),
    column<ServiceAccountRow>('rotatedAt', t('col.rotated'), (row) => row.rotatedAt, { kind: 'datetime' }),
    column<ServiceAccountRow>('revokedAt', t('col.revoked'), (row) => row.revokedAt, { kind: 'datetime' }),
    actionsColumn<ServiceAccountRow>(t('col.actions'), (row) =>
      row.state === 'active' ? (
        <div className="d-flex gap-2">
          {/* An external provider's client has its secret rotated at that provider. */}
          {row.provider === 'embedded' && (
            <Button
              size="sm"
              variant="outline-primary"
              disabled={busy === row.key}
              onClick={() => void rotate(row)}
              data-testid="svc-rotate"
              aria-label={t('rotate.label', { name: row.name })}
            >
              {t('rotate.button')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy === row.key}
            onClick={() => void revoke(row)}
            data-testid="svc-revoke"
            aria-label={t('revoke.label', { name: row.name })}
          >
            {t('revoke.button')}
          </Button>
        </div>
      ) : null,
    ),
  ];

  return (
    <section data-testid="sys-service-accounts">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t(external ? 'introExternal' : 'intro')}</p>
      {notice && (
        <Alert variant={notice.ok ? 'success' : 'danger'} dismissible onClose={() => setNotice(null)} data-testid="svc-notice">
          {notice.text}
        </Alert>
      )}
      <CreateServiceAccount onCreate={create} />
      <h2 className="h5">{t('listTitle')}</h2>
      <DataTable
        columns={columns}
        rows={rows}
        error={accounts.data === null || Boolean(accounts.error)}
        onRetry={() => void accounts.mutate()}
        lang={lang}
        caption={t('listTitle')}
        getRowId={(row) => row.key}
        rowProps={(row) => ({ 'data-testid': 'svc-row', 'data-name': row.name, 'data-state': row.state })}
        empty={{ message: <span data-testid="svc-empty">{t('empty')}</span> }}
        skeletonRows={3}
      />
    </section>
  );
}
