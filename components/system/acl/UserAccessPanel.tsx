import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
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
  const { core, token } = useAclCaller();
  const entries = useUserEntries(user.sub);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const describe = useEntryWords(entries.data);

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
        {entries.data === undefined ? (
          <Spinner animation="border" size="sm" role="status" />
        ) : entries.data === null ? (
          <Alert variant="danger">{t('loadFailed')}</Alert>
        ) : entries.data.length === 0 ? (
          <p className="text-muted small" data-testid="acl-entries-empty">
            {t('entries.none')}
          </p>
        ) : (
          <ListGroup className="mb-3" data-testid="acl-entries">
            {entries.data.map((entry) => (
              <ListGroup.Item
                key={entry}
                className="d-flex justify-content-between align-items-center gap-2"
                data-testid="acl-entry"
                data-entry={entry}
              >
                <div>
                  <div data-testid="acl-entry-words">{describe(entry)}</div>
                  <code className="small text-muted">{entry}</code>
                </div>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => void revoke(entry)}
                  data-testid="acl-entry-revoke"
                >
                  {busy === entry && <Spinner animation="border" size="sm" className="me-1" />}
                  {t('revoke.button')}
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
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
