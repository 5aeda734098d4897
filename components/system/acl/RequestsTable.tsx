import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { truncate } from '@/lib/format/truncate';
import { NameAndEmail } from '../NameAndEmail';
import { fieldErrorsOf, useAclCaller, type AclRequestRow } from './acl-api';

interface RequestsTableProps {
  requests: AclRequestRow[] | null | undefined;
  onDecided: () => void;
}

/** Pending access requests, oldest last as the server lists them, each approved or denied here. */
export function RequestsTable({ requests, onDecided }: RequestsTableProps) {
  const { t } = useTranslation('acl');
  const dialogs = useDialogs();
  const { lang } = useShell();
  const { core, token } = useAclCaller();
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
    const answer = await core.POST('/api/core/users/acl/request/{key}', {
      params: { path: { key: request.key } },
      token,
      body: { decision },
    });
    setBusy(null);
    if (answer?.status !== 0) {
      const errors = fieldErrorsOf(answer);
      setProblem(errors ? (Object.values(errors)[0] ?? t('requests.failed')) : t('requests.failed'));
    }
    onDecided();
  };

  const columns = [
    column<AclRequestRow>('when', t('requests.when'), (r) => r.dateCreated, { kind: 'datetime', sortable: true }),
    column<AclRequestRow>('who', t('requests.who'), (r) => r.email, {
      render: (r) => <NameAndEmail name={r.nickname || r.email} email={r.email} />,
    }),
    column<AclRequestRow>('entry', t('requests.entry'), (r) => r.entry, { render: (r) => <code>{r.entry}</code> }),
    column<AclRequestRow>('reason', t('requests.reason'), (r) => r.reason ?? '', {
      render: (r) => <span className="text-break">{r.reason ? truncate(r.reason, 120) : '—'}</span>,
    }),
    actionsColumn<AclRequestRow>(t('requests.decide'), (request) => (
      <div className="d-flex flex-wrap gap-1 justify-content-md-end">
        <Button
          size="sm"
          variant="success"
          disabled={busy !== null}
          onClick={() => void decide(request, 'approve')}
          data-testid="acl-request-approve"
        >
          {busy === request.key && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
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
      </div>
    )),
  ];

  return (
    <section data-testid="acl-requests">
      {problem && (
        <Alert variant="warning" className="py-2 small">
          {problem}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={requests ?? (requests === null ? [] : undefined)}
        error={requests === null}
        lang={lang}
        caption={t('requests.title')}
        getRowId={(r) => r.key}
        rowProps={(r) => ({ 'data-testid': 'acl-request-row', 'data-entry': r.entry, 'data-email': r.email })}
        empty={{ message: <span data-testid="acl-requests-empty">{t('requests.none')}</span> }}
        skeletonRows={3}
        csvName="access-requests.csv"
      />
    </section>
  );
}
