import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useDialogs } from '@/components/dialogs/DialogProvider';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { fieldErrorsOf, useAclCaller, type AclRequestRow } from './acl-api';

interface RequestsTableProps {
  requests: AclRequestRow[] | null | undefined;
  onDecided: () => void;
}

/** Pending access requests, oldest last as the server lists them, each approved or denied here. */
export function RequestsTable({ requests, onDecided }: RequestsTableProps) {
  const { t } = useTranslation('acl');
  const dialogs = useDialogs();
  const { core } = useAclCaller();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const decide = async (request: AclRequestRow, decision: 'approve' | 'deny') => {
    const ok = await dialogs.confirm(
      t(`requests.${decision}Title`),
      t(`requests.${decision}Body`, { entry: request.entry, email: request.email }),
    );
    if (!ok) return;
    setBusy(request.key);
    setProblem(null);
    const answer = await core(`/users/acl/request/${encodeURIComponent(request.key)}`, { decision });
    setBusy(null);
    if (answer?.status !== 0) {
      const errors = fieldErrorsOf(answer);
      setProblem(errors ? (Object.values(errors)[0] ?? t('requests.failed')) : t('requests.failed'));
    }
    onDecided();
  };

  if (requests === undefined) return <Spinner animation="border" size="sm" role="status" />;
  if (requests === null) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  return (
    <section data-testid="acl-requests">
      {problem && (
        <Alert variant="warning" className="py-2 small">
          {problem}
        </Alert>
      )}
      {requests.length === 0 ? (
        <p className="text-muted" data-testid="acl-requests-empty">
          {t('requests.none')}
        </p>
      ) : (
        <Table responsive size="sm" className="bg-white align-middle small">
          <thead>
            <tr>
              <th>{t('requests.when')}</th>
              <th>{t('requests.who')}</th>
              <th>{t('requests.entry')}</th>
              <th>{t('requests.reason')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.key} data-testid="acl-request-row" data-entry={request.entry} data-email={request.email}>
                <td className="text-nowrap">{formatDateTime(request.dateCreated)}</td>
                <td>
                  <div>{request.nickname || request.email}</div>
                  <div className="text-muted">{request.email}</div>
                </td>
                <td>
                  <code>{request.entry}</code>
                </td>
                <td className="text-break">{request.reason ? truncate(request.reason, 120) : '—'}</td>
                <td className="text-end text-nowrap">
                  <Button
                    size="sm"
                    variant="success"
                    className="me-1"
                    disabled={busy !== null}
                    onClick={() => void decide(request, 'approve')}
                    data-testid="acl-request-approve"
                  >
                    {busy === request.key && <Spinner animation="border" size="sm" className="me-1" />}
                    {t('requests.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={busy !== null}
                    onClick={() => void decide(request, 'deny')}
                    data-testid="acl-request-deny"
                  >
                    {t('requests.deny')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
