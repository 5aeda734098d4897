import Button from 'react-bootstrap/Button';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { PercentField } from '@/components/kit/form/PercentField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import type { InvalidInput } from '@/components/kit/form/invalid-input';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { api, errorsOf } from '@/lib/client/api';
import type { FieldError } from '@/lib/validation/messages';

interface TermsValues {
  royalty_rate_bp: number | null | InvalidInput;
}

/**
 * The terms a licensee may still change before approval (the royalty rate), checked with the
 * License patch schema the API parses with. The rate must be given: an empty box changes nothing.
 */
export function LicenseTermsForm({
  licenseKey,
  rateBp,
  onSaved,
  onCancel,
}: {
  licenseKey: string;
  rateBp: unknown;
  onSaved(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('licensee');
  const { data: session } = useSession();
  const form = useEntityForm<TermsValues>(
    'License',
    'patch',
    { royalty_rate_bp: typeof rateBp === 'number' ? rateBp : null },
    (values): Record<string, FieldError> => (values.royalty_rate_bp === null ? { royalty_rate_bp: { code: 'required' } } : {}),
  );

  const save = async (values: TermsValues) => {
    const answer = await api.PATCH('/api/v1/License/{id}', {
      params: { path: { id: licenseKey } },
      body: { royalty_rate_bp: values.royalty_rate_bp as number },
      token: session?.accessToken,
    });
    if (answer?.status !== 0) {
      showServerErrors(form, errorsOf(answer), t('detail.saveFailed'));
      return;
    }
    onSaved();
  };

  return (
    <Form form={form} onSubmit={save} className="border rounded p-2 mb-3" testId="license-edit-form">
      <PercentField name="royalty_rate_bp" label={t('apply.rate')} required className="mb-2" testId="license-edit-rate" />
      <div className="d-flex gap-2">
        <SubmitButton testId="license-edit-save">{t('detail.saveTerms')}</SubmitButton>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('detail.cancelEdit')}
        </Button>
      </div>
    </Form>
  );
}
