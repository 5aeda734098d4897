import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useForm } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { FormCard } from './FormCard';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { entityResolver } from '@/components/kit/form/resolver';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { saveEntity } from '@/lib/client/entity-save';
import { useShell } from '@/lib/client/settings-context';
import { DocumentsInput } from './DocumentsInput';
import { PhotoInput } from './PhotoInput';
import { ProfileFields } from './ProfileFields';
import { editValues } from './profile-values';
import type { DesignerRecord } from './types';

type EditValues = Record<string, unknown>;

/**
 * Edits every field of the designer's own record: checked with the Designer patch schema the API
 * parses with, then sent with the version it was read at; a stale version asks to reload. A field
 * emptied is sent empty, so it is cleared.
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
  // The type is not sent: it changes only through a designer application.
  const form = useForm<EditValues>({
    defaultValues: {
      ...editValues(designer),
      document: designer.document ?? [],
      version: designer.version,
    },
    // A patch leaves out what is empty, so the two fields a designer must have are asked for here.
    resolver: entityResolver<EditValues>('Designer', 'patch', lang, (values) =>
      Object.fromEntries(
        (['creator_name', 'email'] as const)
          .filter((field) => typeof values[field] !== 'string' || !values[field].trim())
          .map((field) => [field, { code: 'required' as const }]),
      ),
    ),
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'stale' | 'failed' | null>(null);
  const pendingEmail = designer.pending_verification?.email;
  const { submitCount, errors } = form.formState;
  const invalid = submitCount > 0 && Object.keys(errors).some((field) => field !== 'root');

  const submit = async () => {
    setProblem(null);
    // What the person sees, emptied fields included (the checked values leave those out).
    const result = await saveEntity<DesignerRecord>('Designer', form.getValues(), {
      key: designer.key,
      token: session?.accessToken,
    });
    if (result.status === 0) onSaved(result.data);
    else if (result.errors.version) setProblem('stale');
    else if (Object.keys(result.errors).length) showServerErrors(form, result.errors, t('edit.failed'));
    else setProblem('failed');
  };

  return (
    <FormCard title={t('edit.title')} titleClassName="h5 mb-3" testId="designer-edit-form">
      <Form form={form} onSubmit={submit}>
        <PhotoInput onBusy={setBusy} />
        {pendingEmail && (
          <Alert variant="info" className="py-2" data-testid="designer-email-pending">
            {t('edit.pendingEmail', { email: pendingEmail, current: designer.email ?? '' })}
          </Alert>
        )}
        <ProfileFields role={designer.role} roleEditable={false} hints={{ email: t('edit.emailHint') }} />
        <DocumentsInput isPublic onBusy={setBusy} />
        {problem === 'stale' && (
          <Alert variant="warning" className="d-flex align-items-center gap-2" data-testid="designer-edit-stale">
            <span className="flex-grow-1">{t('edit.stale')}</span>
            <Button size="sm" variant="outline-dark" onClick={() => window.location.reload()}>
              {t('edit.reload')}
            </Button>
          </Alert>
        )}
        {invalid && (
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
          <SubmitButton pending={t('edit.saving')} disabled={busy} testId="designer-edit-save">
            {t('edit.save')}
          </SubmitButton>
          <Button
            variant="outline-secondary"
            onClick={onCancel}
            disabled={form.formState.isSubmitting}
            data-testid="designer-edit-cancel"
          >
            {t('edit.cancel')}
          </Button>
        </div>
      </Form>
    </FormCard>
  );
}
