import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { RowActionAlerts, useRowActions } from '@/components/kit/table/row-actions';
import { useShell } from '@/lib/client/settings-context';
import { resendInvitation, revokeInvitation, type Invitation, type InviteState } from './invite-api';
import { RecordSearch, matchesSearch } from '@/components/refs/RecordSearch';

const VARIANT: Record<InviteState, string> = {
  pending: 'primary',
  accepted: 'success',
  revoked: 'secondary',
  expired: 'warning',
};

export function InviteStateBadge({ state }: { state: InviteState }) {
  const { t } = useTranslation('invite');
  return (
    <Badge bg={VARIANT[state]} data-testid="invite-state" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}

/**
 * Sent invitations with their state and expiry; a pending or expired one can be sent again (a new
 * link and expiry), a pending one withdrawn.
 */
export function InvitationsTable({
  items,
  showOrganisation = false,
  onChanged,
}: {
  /** undefined while the list loads. */
  items: Invitation[] | undefined;
  showOrganisation?: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('invite');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const actions = useRowActions(t('failed'), onChanged);
  const [q, setQ] = useState('');
  const token = session?.accessToken;

  const resend = (item: Invitation) =>
    actions.run(item.key, () => resendInvitation(token, item.key), t('list.resent', { email: item.email }));

  const revoke = async (item: Invitation) => {
    if (!(await dialogs.confirm(t('list.revokeTitle'), t('list.revokeConfirm', { email: item.email })))) return;
    await actions.run(item.key, () => revokeInvitation(token, item.key), t('list.revoked', { email: item.email }));
  };

  const open = (item: Invitation) => item.state === 'pending' || item.state === 'expired';
  const shown = items?.filter((item) => matchesSearch(`${item.reference} ${item.email} ${item.organisation} ${item.inviter}`, q));
  const columns = [
    column<Invitation>('reference', t('list.reference'), (item) => item.reference, {
      kind: 'reference',
      hideable: false,
      sortable: true,
    }),
    column<Invitation>('email', t('list.email'), (item) => item.email, { sortable: true }),
    ...(showOrganisation
      ? [column<Invitation>('organisation', t('list.organisation'), (item) => item.organisation, { sortable: true })]
      : []),
    column<Invitation>('state', t('list.state'), (item) => t(`state.${item.state}`), {
      render: (item) => <InviteStateBadge state={item.state} />,
    }),
    column<Invitation>('sent', t('list.sent'), (item) => item.dateCreated, { kind: 'datetime', sortable: true }),
    column<Invitation>('expires', t('list.expires'), (item) => (open(item) ? item.expiresAt : ''), { kind: 'datetime' }),
    column<Invitation>('inviter', t('list.inviter'), (item) => item.inviter),
    actionsColumn<Invitation>(t('list.actions'), (item) => (
      <div className="d-flex flex-wrap gap-2 justify-content-md-end">
        {[
          { action: 'resend' as const, shown: open(item), variant: 'outline-primary', run: resend },
          { action: 'revoke' as const, shown: item.state === 'pending', variant: 'outline-danger', run: revoke },
        ]
          .filter((button) => button.shown)
          .map((button) => (
            <Button
              key={button.action}
              size="sm"
              variant={button.variant}
              disabled={actions.busy === item.key}
              onClick={() => void button.run(item)}
              data-testid={`invite-${button.action}`}
            >
              {t(`list.${button.action}`)}
            </Button>
          ))}
      </div>
    )),
  ];

  return (
    <>
      <RowActionAlerts actions={actions} testId="invite-list" />
      <DataTable
        columns={columns}
        rows={shown}
        lang={lang}
        caption={t('list.title')}
        testId="invite-table"
        getRowId={(item) => item.key}
        rowProps={(item) => ({
          'data-testid': 'invite-row',
          'data-key': item.key,
          'data-email': item.email,
          'data-state': item.state,
        })}
        empty={{
          message: items?.length === 0 ? <span data-testid="invite-list-empty">{t('list.empty')}</span> : tc('search.none'),
        }}
        toolbar={items?.length ? <RecordSearch onSearch={setQ} testId="invite-search" /> : undefined}
        csvName="invitations.csv"
      />
    </>
  );
}
