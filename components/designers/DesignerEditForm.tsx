import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { patchEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { DocumentsInput } from './DocumentsInput';
import { PhotoInput } from './PhotoInput';
import { ProfileFields } from './ProfileFields';
import { profileBody, profileOf, type ProfileValues } from './profile-values';
import type { DesignerDocument, DesignerRecord } from './types';

/**
 * Edits every field of the designer's own record: checked against the API's Patch schema in the
 * browser, then sent with the version it was read at; a stale version asks to reload.
 */
export function DesignerEditForm({
  designer,
  onSaved,
  onCancel,
}: {
  designer: DesignerRecord;
  onSaved(saved: DesignerRecord | null): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('designer-profile');
  const { lang } = useShell();
  const { data: session } = useSession();
  const { data: schema } = useEntitySchema('Designer', 'Patch');
  const [values, setValues] = useState<ProfileValues>(() => profileOf(designer));
  const [documents, setDocuments] = useState<DesignerDocument[]>(designer.document ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'stale' | 'failed' | 'invalid' | null>(null);
  const pendingEmail = designer.pending_verification?.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    setPending(true);
    setProblem(null);
    // The type is not sent: it changes only through a designer application.
    const body = {
      ...profileBody(values, { keepEmpty: true }),
      document: documents,
      version: designer.version,
    };
    const result = await patchEntity<DesignerRecord>('Designer', designer.key, body, schema, lang, session?.accessToken);
    setPending(false);
    setErrors(result.errors);
    if (result.status === 0) onSaved(result.data);
    else if (result.errors.version) setProblem('stale');
    else setProblem(Object.keys(result.errors).length ? 'invalid' : 'failed');
  };

  return (
    <Card className="mb-4" data-testid="designer-edit-form">
      <Card.Body>
        <Card.Title as="h2" className="h5 mb-3">
          {t('edit.title')}
        </Card.Title>
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <PhotoInput
            hash={values.photo}
            onChange={(photo) => setValues({ ...values, photo })}
            error={errors.photo}
            onBusy={setBusy}
          />
          {pendingEmail && (
            <Alert variant="info" className="py-2" data-testid="designer-email-pending">
              {t('edit.pendingEmail', { email: pendingEmail, current: designer.email ?? '' })}
            </Alert>
          )}
          <ProfileFields
            values={values}
            onChange={setValues}
            errors={errors}
            roleEditable={false}
            hints={{ email: t('edit.emailHint') }}
          />
          <DocumentsInput documents={documents} onChange={setDocuments} isPublic errors={errors} onBusy={setBusy} />
          {problem === 'stale' && (
            <Alert variant="warning" className="d-flex align-items-center gap-2" data-testid="designer-edit-stale">
              <span className="flex-grow-1">{t('edit.stale')}</span>
              <Button size="sm" variant="outline-dark" onClick={() => window.location.reload()}>
                {t('edit.reload')}
              </Button>
            </Alert>
          )}
          {problem === 'invalid' && (
            <Alert variant="danger" className="py-2" data-testid="designer-edit-invalid">
              {t('edit.invalid')}
            </Alert>
          )}
          {problem === 'failed' && (
            <Alert variant="danger" className="py-2" data-testid="designer-edit-failed">
              {t('edit.failed')}
            </Alert>
          )}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={pending || busy || !schema} data-testid="designer-edit-save">
              {pending ? t('edit.saving') : t('edit.save')}
            </Button>
            <Button variant="outline-secondary" onClick={onCancel} disabled={pending} data-testid="designer-edit-cancel">
              {t('edit.cancel')}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
