import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { DataTable } from '@/components/kit/table/DataTable';
import { RowActions } from '@/components/kit/table/RowActions';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { displayName, fieldErrorsOf, useAclCaller, useUserEntries, type UserRow } from './acl-api';
import { GrantForm } from './GrantForm';
import { useEntryWords } from './use-entry-words';

interface UserAccessPanelProps {
  user: UserRow;
  onClose: () => void;
  /** After a grant or revoke: the log and requests are out of date. */
  onChanged: () => void;
}

/** One user's access entries: each can be revoked, and new ones granted with the entry builder. */
export function UserAccessPanel({ user, onClose, onChanged }: UserAccessPanelProps) {
  const { t } = useTranslation('acl');
  const dialogs = useDialogs();
  const { lang } = useShell();
  const { core, token } = useAclCaller();
  const entries = useUserEntries(user.sub);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const describe = useEntryWords(entries.data);
  const columns = [
    column<string>('words', t('entries.title'), describe, { hideable: false, testId: 'acl-entry-words' }),
    column<string>('entry', t('requests.entry'), (entry) => entry, { render: (entry) => <code className="small">{entry}</code> }),
    actionsColumn<string>(t('revoke.button'), (entry) => (
      <RowActions
        actions={[
          {
            label: busy === entry ? `${t('revoke.button')}…` : t('revoke.button'),
            variant: 'outline-danger',
            disabled: busy !== null,
            onClick: () => void revoke(entry),
            testId: 'acl-entry-revoke',
          },
        ]}
      />
    )),
  ];

  const grant = async (entry: string) => {
    setProblem(null);
    const answer = await core.POST('/api/core/roles/set', { token, body: { sub: user.sub, entry } });
    if (answer?.status === 0) {
      await entries.mutate(answer.data.entries, { revalidate: false });
      if (!answer.data.changed) setProblem(t('grant.already'));
      onChanged();
      return null;
    }
    return fieldErrorsOf(answer) ?? { entry: t('grant.failed') };
  };

  const revoke = async (entry: string) => {
    const ok = await dialogs.confirm(t('revoke.title'), t('revoke.body', { entry: describe(entry), name: displayName(user) }));
    if (!ok) return;
    setBusy(entry);
    setProblem(null);
    const answer = await core.POST('/api/core/users/acl/revoke', { token, body: { sub: user.sub, entry } });
    setBusy(null);
    if (answer?.status === 0) {
      await entries.mutate(answer.data.entries, { revalidate: false });
      onChanged();
    } else {
      const errors = fieldErrorsOf(answer);
      setProblem(errors ? (Object.values(errors)[0] ?? t('revoke.failed')) : t('revoke.failed'));
    }
  };

  return (
    <Card className="mb-4" data-testid="acl-user-panel" data-email={user.email}>
      <Card.Header className="d-flex justify-content-between align-items-start gap-2">
        <div>
          <div className="fw-semibold">{displayName(user)}</div>
          <div className="small text-muted">{user.email}</div>
        </div>
        <Button variant="outline-secondary" size="sm" onClick={onClose} data-testid="acl-user-close">
          {t('close')}
        </Button>
      </Card.Header>
      <Card.Body>
        <h3 className="h6">{t('entries.title')}</h3>
        <DataTable
          columns={columns}
          rows={entries.data ?? (entries.data === null ? [] : undefined)}
          error={entries.data === null}
          onRetry={() => void entries.mutate()}
          lang={lang}
          caption={t('entries.title')}
          testId="acl-entries"
          getRowId={(entry) => entry}
          rowProps={(entry) => ({ 'data-testid': 'acl-entry', 'data-entry': entry })}
          empty={{ message: <span data-testid="acl-entries-empty">{t('entries.none')}</span> }}
          skeletonRows={2}
        />
        {problem && (
          <Alert variant="warning" className="py-2 small" data-testid="acl-user-problem">
            {problem}
          </Alert>
        )}
        <GrantForm onGrant={grant} />
      </Card.Body>
    </Card>
  );
}
