import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RowActions } from '@/components/kit/table/RowActions';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useEntryWords } from '@/components/system/acl/use-entry-words';
import { useShell } from '@/lib/client/settings-context';
import { ListTable } from '../ListTable';
import { SecretOnce } from '../SecretOnce';
import { useRowCalls } from '../use-row-calls';
import { CreateServiceAccount } from './CreateServiceAccount';
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
  const external = useShell().settings.externalIdentityProvider;
  const accounts = useServiceAccounts();
  const calls = useServiceAccountCalls();
  const { busy, run, notice, dialogs } = useRowCalls({
    reload: accounts.mutate,
    noticeTestId: 'svc-notice',
    failed: t('failed'),
  });
  const describe = useEntryWords(accounts.data?.flatMap((r) => r.access));

  // The secret lives only in the dialog: once it is closed, nothing on the page holds it.
  const showSecret = (heading: string) => (issued: IssuedCredentials) =>
    dialogs.info(
      heading,
      <SecretOnce
        testId="svc-secret"
        warning={t('secret.once')}
        facts={[
          { label: t('secret.clientId'), value: issued.account.clientId, copy: true, testId: 'svc-secret-client-id' },
          { label: t('secret.clientSecret'), value: issued.clientSecret, copy: true, testId: 'svc-secret-value' },
        ]}
        howTo={{ label: t('secret.tokenEndpoint'), value: t('secret.howTo') }}
      />,
    );

  const create = async (values: CreateBody) => {
    notice.clear();
    const answer = await calls.create(values);
    if (answer?.status === 0) {
      void accounts.mutate();
      const { account, clientSecret } = answer.data;
      if (clientSecret === null) {
        // An external provider's client: its secret was never here, so there is nothing to show once.
        notice.show(true, t('createdExternal', { name: account.name, clientId: account.clientId }));
      } else {
        await showSecret(t('secret.createdTitle', { name: account.name }))(answer.data);
        notice.show(true, t('created', { name: account.name }));
      }
    }
    return answer;
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
    actionsColumn<ServiceAccountRow>(t('col.actions'), (row) => (
      <RowActions
        actions={[
          {
            label: t('rotate.button'),
            name: t('rotate.label', { name: row.name }),
            disabled: busy === row.key,
            // An external provider's client has its secret rotated at that provider.
            hidden: row.state !== 'active' || row.provider !== 'embedded',
            testId: 'svc-rotate',
            onClick: () =>
              void run(row.key, {
                confirm: [t('rotate.title'), t('rotate.body', { name: row.name })],
                call: () => calls.rotate(row.key),
                then: showSecret(t('secret.rotatedTitle', { name: row.name })),
                done: t('rotated', { name: row.name }),
              }),
          },
          {
            label: t('revoke.button'),
            name: t('revoke.label', { name: row.name }),
            variant: 'outline-danger',
            disabled: busy === row.key,
            hidden: row.state !== 'active',
            testId: 'svc-revoke',
            onClick: () =>
              void run(row.key, {
                confirm: [t('revoke.title'), t('revoke.body', { name: row.name })],
                call: () => calls.revoke(row.key),
                done: t('revoked', { name: row.name }),
              }),
          },
        ]}
      />
    )),
  ];

  return (
    <section data-testid="sys-service-accounts">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t(external ? 'introExternal' : 'intro')}</p>
      {notice.alert}
      <CreateServiceAccount onCreate={create} />
      <h2 className="h5">{t('listTitle')}</h2>
      <ListTable
        list={accounts}
        columns={columns}
        caption={t('listTitle')}
        rowProps={(row) => ({ 'data-testid': 'svc-row', 'data-name': row.name, 'data-state': row.state })}
        empty={{ message: <span data-testid="svc-empty">{t('empty')}</span> }}
        skeletonRows={3}
      />
    </section>
  );
}
