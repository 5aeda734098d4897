import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useDialogs } from '@/components/dialogs/DialogProvider';
import { formatDateTime } from '@/lib/format/time';
import { problemOf, resendInvitation, revokeInvitation, type Invitation, type InviteState } from './invite-api';
import { RecordSearch, Reference, matchesSearch } from '@/components/refs/RecordSearch';

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
  items: Invitation[];
  showOrganisation?: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('invite');
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const resend = async (item: Invitation) => {
    setBusy(item.key);
    setProblem(null);
    const answer = await resendInvitation(session?.accessToken, item.key);
    setBusy(null);
    if (answer?.status !== 0) {
      const p = problemOf(answer, t('failed'));
      setProblem(Object.values(p.fields).join(' ') || p.message);
      return;
    }
    setNotice(t('list.resent', { email: item.email }));
    onChanged();
  };

  const revoke = async (item: Invitation) => {
    if (!(await dialogs.confirm(t('list.revokeTitle'), t('list.revokeConfirm', { email: item.email })))) return;
    setBusy(item.key);
    setProblem(null);
    const answer = await revokeInvitation(session?.accessToken, item.key);
    setBusy(null);
    if (answer?.status !== 0) {
      const p = problemOf(answer, t('failed'));
      setProblem(Object.values(p.fields).join(' ') || p.message);
      return;
    }
    setNotice(t('list.revoked', { email: item.email }));
    onChanged();
  };

  return (
    <>
      {notice && (
        <Alert variant="success" className="py-2" dismissible onClose={() => setNotice(null)} data-testid="invite-list-notice">
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert variant="danger" className="py-2" dismissible onClose={() => setProblem(null)} data-testid="invite-list-error">
          {problem}
        </Alert>
      )}
      {items.length > 0 && <RecordSearch onSearch={setQ} testId="invite-search" />}
      {items.length === 0 ? (
        <p className="text-muted" data-testid="invite-list-empty">
          {t('list.empty')}
        </p>
      ) : (
        <Table size="sm" responsive className="align-middle" data-testid="invite-table">
          <thead>
            <tr>
              <th>{t('list.reference')}</th>
              <th>{t('list.email')}</th>
              {showOrganisation && <th>{t('list.organisation')}</th>}
              <th>{t('list.state')}</th>
              <th>{t('list.sent')}</th>
              <th>{t('list.expires')}</th>
              <th>{t('list.inviter')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items
              .filter((item) => matchesSearch(`${item.reference} ${item.email} ${item.organisation} ${item.inviter}`, q))
              .map((item) => (
                <tr key={item.key} data-testid="invite-row" data-email={item.email} data-state={item.state}>
                  <td>
                    <Reference value={item.reference} />
                  </td>
                  <td>{item.email}</td>
                  {showOrganisation && <td>{item.organisation}</td>}
                  <td>
                    <InviteStateBadge state={item.state} />
                  </td>
                  <td className="text-nowrap">{formatDateTime(item.dateCreated)}</td>
                  <td className="text-nowrap">
                    {item.state === 'pending' || item.state === 'expired' ? formatDateTime(item.expiresAt) : '—'}
                  </td>
                  <td>{item.inviter}</td>
                  <td className="text-end text-nowrap">
                    {(item.state === 'pending' || item.state === 'expired') && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-2"
                        disabled={busy === item.key}
                        onClick={() => void resend(item)}
                        data-testid="invite-resend"
                      >
                        {t('list.resend')}
                      </Button>
                    )}
                    {item.state === 'pending' && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={busy === item.key}
                        onClick={() => void revoke(item)}
                        data-testid="invite-revoke"
                      >
                        {t('list.revoke')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
