import { useState, type FormEvent } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { ACCESS_KINDS, draftProblems, entryOf, knownRoles, roleKey, type EntryDraft } from './entry-builder';

interface GrantFormProps {
  /** Sends the entry; resolves with the server's field errors, or null when it was granted. */
  onGrant: (entry: string) => Promise<Record<string, string> | null>;
}

const EMPTY: EntryDraft = { role: '', access: '', entity: '' };

/** Builds one access entry from its parts (client fixed, role picked, optional organisation) and grants it. */
export function GrantForm({ onGrant }: GrantFormProps) {
  const { t } = useTranslation('acl');
  const { settings } = useShell();
  const client = settings.aclClient;
  const roles = knownRoles(settings.productKey);
  const [draft, setDraft] = useState<EntryDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const orgs = useEntityQuery<{ key: string; name: string }>(
    'Licensee',
    draft.access === 'licensee' ? { sort: { name: 1 }, limit: 200 } : null,
  );

  const set = (patch: Partial<EntryDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = draftProblems(client, draft);
    const local = Object.fromEntries(
      Object.entries(problems)
        .filter(([, p]) => p)
        .map(([field, p]) => [field, t(`grant.${p}`)]),
    );
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setPending(true);
    const serverErrors = await onGrant(entryOf(client, draft));
    setPending(false);
    if (serverErrors) {
      setErrors(serverErrors.entry ? serverErrors : { entry: Object.values(serverErrors)[0] ?? t('grant.failed') });
      return;
    }
    setDraft(EMPTY);
  };

  const roleOptions = draft.access ? roles.scoped : roles.personal;
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate data-testid="acl-grant-form">
      <h3 className="h6">{t('grant.title')}</h3>
      <Row className="g-2 align-items-start">
        <Col sm={2}>
          <Form.Group controlId="grant-client">
            <Form.Label className="small">{t('grant.client')}</Form.Label>
            <Form.Control size="sm" value={client} readOnly plaintext />
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId="grant-access">
            <Form.Label className="small">{t('grant.scope')}</Form.Label>
            <Form.Select
              size="sm"
              value={draft.access}
              onChange={(e) => set({ access: e.target.value, entity: '', role: '' })}
              disabled={pending}
              data-testid="acl-grant-access"
            >
              <option value="">{t('grant.personal')}</option>
              {ACCESS_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`grant.within.${kind}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={3}>
          <Form.Group controlId="grant-role">
            <Form.Label className="small">{t('grant.role')}</Form.Label>
            <Form.Select
              size="sm"
              value={draft.role}
              onChange={(e) => set({ role: e.target.value })}
              isInvalid={Boolean(errors.role)}
              disabled={pending}
              data-testid="acl-grant-role"
            >
              <option value="">{t('grant.pickRole')}</option>
              {roleOptions.map((role) => (
                <option key={role} value={role}>
                  {t(roleKey(role, settings.productKey), { defaultValue: role, product: settings.productName })} ({role})
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.role}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        {draft.access && (
          <Col sm={4}>
            <Form.Group controlId="grant-entity">
              <Form.Label className="small">{t(`grant.entity.${draft.access}`)}</Form.Label>
              {draft.access === 'licensee' && orgs.data?.items.length ? (
                <Form.Select
                  size="sm"
                  value={draft.entity}
                  onChange={(e) => set({ entity: e.target.value })}
                  isInvalid={Boolean(errors.entity)}
                  disabled={pending}
                  data-testid="acl-grant-entity"
                >
                  <option value="">{t('grant.pickOrg')}</option>
                  {orgs.data.items.map((org) => (
                    <option key={org.key} value={org.key}>
                      {org.name}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control
                  size="sm"
                  value={draft.entity}
                  placeholder={t('grant.entityPlaceholder')}
                  onChange={(e) => set({ entity: e.target.value })}
                  isInvalid={Boolean(errors.entity)}
                  disabled={pending}
                  data-testid="acl-grant-entity"
                />
              )}
              <Form.Control.Feedback type="invalid">{errors.entity}</Form.Control.Feedback>
            </Form.Group>
          </Col>
        )}
      </Row>
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
        <div className={`small ${errors.entry ? 'is-invalid' : ''}`}>
          {t('grant.preview')} <code data-testid="acl-grant-preview">{draft.role ? entryOf(client, draft) : '—'}</code>
        </div>
        <Button type="submit" size="sm" disabled={pending} data-testid="acl-grant-submit">
          {pending && <Spinner animation="border" size="sm" className="me-1" />}
          {t('grant.submit')}
        </Button>
      </div>
      {errors.entry && (
        <div className="invalid-feedback d-block" data-testid="acl-grant-error">
          {errors.entry}
        </div>
      )}
    </Form>
  );
}
