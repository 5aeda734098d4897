import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { checkRecord } from '@/lib/client/validation';
import { DocumentsInput } from '../designers/DocumentsInput';
import { applyForDesigner, type LiquidApplyBody } from './liquid-api';
import { ProfileFields } from '../designers/ProfileFields';
import { CORPORATE_FIELDS, emptyProfile, profileBody, type ProfileField, type ProfileValues } from '../designers/profile-values';
import type { DesignerDocument } from '../designers/types';

const ASKED: readonly ProfileField[] = [
  'creator_name',
  'email',
  'name_last',
  'name_first',
  'cat',
  'pr',
  'desc',
  'tel',
  'location',
  'city',
  'country',
  ...CORPORATE_FIELDS,
];

/** The application to become a designer: profile (checked with the Designer schema) and documents. */
export function LiquidApplyForm({ onApplied }: { onApplied(): void }) {
  const { t } = useTranslation('liquid');
  const { lang } = useShell();
  const { data: session } = useSession();
  const { data: schema } = useEntitySchema('Designer', 'Create');
  const [values, setValues] = useState<ProfileValues>(() => emptyProfile(session?.user.email ?? ''));
  const [documents, setDocuments] = useState<DesignerDocument[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema || !session) return;
    setMessage(null);
    const profile = profileBody(values);
    // The same checks the server makes, first in the browser; messages sit under each field. The
    // type (personal or corporate) travels beside the profile: on a Designer record it is decided by
    // this application's review, so the record's create schema no longer accepts it.
    const check = await checkRecord(schema, profile, lang);
    if (check.status !== 0) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([field, text]) => [`profile.${field}`, text])));
      return;
    }
    setPending(true);
    // profileBody builds the record from the form's flat fields; checkRecord has just checked it with the Designer schema.
    const sent = profile as LiquidApplyBody['profile'];
    const answer = await applyForDesigner(
      { applicant_id: session.user.sub, role: values.role, profile: sent, documents },
      session.accessToken,
    );
    setPending(false);
    setErrors(answer.errors);
    if (answer.status === 0) onApplied();
    else if (answer.errors.applicant_id) setMessage(answer.errors.applicant_id);
    else if (Object.keys(answer.errors).length === 0) setMessage(answer.message ?? t('form.failed'));
  };

  return (
    <Card className="mb-4" data-testid="liquid-form">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('form.title')}
        </Card.Title>
        <p className="text-muted">{t('form.intro')}</p>
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <ProfileFields values={values} onChange={setValues} errors={errors} prefix="profile." only={ASKED} />
          <DocumentsInput
            documents={documents}
            onChange={setDocuments}
            isPublic={false}
            errors={errors}
            onBusy={setBusy}
            field="documents"
          />
          {message && (
            <Alert variant="danger" className="py-2" data-testid="liquid-form-message">
              {message}
            </Alert>
          )}
          <Button type="submit" disabled={pending || busy || !schema} data-testid="liquid-submit">
            {pending ? t('form.sending') : t('form.submit')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
