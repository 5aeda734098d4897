import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { FormCard } from '../designers/FormCard';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { schemaResolver } from '@/components/kit/form/resolver';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useShell } from '@/lib/client/settings-context';
import { DocumentsInput } from '../designers/DocumentsInput';
import { applyForDesigner, type LiquidApplyBody } from './liquid-api';
import { ProfileFields } from '../designers/ProfileFields';
import { CORPORATE_FIELDS, forRole, type ProfileField } from '../designers/profile-values';
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

interface ApplyValues {
  role: 'personal' | 'corporate';
  profile: Record<string, unknown>;
  documents: DesignerDocument[];
}

/**
 * The application body less the applicant (the session's), checked with the schema the apply
 * route parses with; corporate fields count only for a corporate applicant.
 */
function useApplyForm(email: string) {
  const { lang } = useShell();
  const base = schemaResolver<ApplyValues>(
    () => import('@/lib/server/liquid/inputs').then((m) => m.liquidApplyInput.omit({ applicant_id: true })),
    lang,
  );
  const resolver: Resolver<ApplyValues> = (values, context, options) =>
    base({ ...values, profile: forRole(values.profile, values.role) }, context, options);
  return useForm<ApplyValues>({ defaultValues: { role: 'personal', profile: { email }, documents: [] }, resolver });
}

/** The application to become a designer: profile (checked with the Designer schema) and documents. */
export function LiquidApplyForm({ onApplied }: { onApplied(): void }) {
  const { t } = useTranslation('liquid');
  const { data: session } = useSession();
  const form = useApplyForm(session?.user.email ?? '');
  const role = useWatch({ control: form.control, name: 'role' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (values: ApplyValues) => {
    if (!session) return;
    setMessage(null);
    // The resolver has checked the profile with the schema the route parses it with.
    const profile = values.profile as LiquidApplyBody['profile'];
    const answer = await applyForDesigner(
      { applicant_id: session.user.sub, role: values.role, profile, documents: values.documents ?? [] },
      session.accessToken,
    );
    if (answer.status === 0) onApplied();
    else if (answer.errors.applicant_id) setMessage(answer.errors.applicant_id);
    else if (Object.keys(answer.errors).length) showServerErrors(form, answer.errors, t('form.failed'));
    else setMessage(answer.message ?? t('form.failed'));
  };

  return (
    <FormCard title={t('form.title')} testId="liquid-form">
      <p className="text-muted">{t('form.intro')}</p>
      <Form form={form} onSubmit={submit}>
        <ProfileFields role={role} prefix="profile." only={ASKED} />
        <DocumentsInput isPublic={false} onBusy={setBusy} field="documents" />
        {message && (
          <Alert variant="danger" className="py-2" data-testid="liquid-form-message">
            {message}
          </Alert>
        )}
        <SubmitButton pending={t('form.sending')} disabled={busy} testId="liquid-submit">
          {t('form.submit')}
        </SubmitButton>
      </Form>
    </FormCard>
  );
}
