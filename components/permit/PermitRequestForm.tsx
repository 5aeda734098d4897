import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { saveEntity } from '@/lib/client/entity-save';
import type { Row } from '../ip/gallery/data';

interface PermitRequestFormProps {
  /** The IP is fixed (the gallery's detail view) … */
  ipKey?: string;
  /** … or chosen from these published primary IPs (the permits page). */
  ipOptions?: { key: string; name: string; disabled?: boolean }[];
  designerKey?: string;
  onCreated(usage: Row): void;
}

interface PermitValues {
  ip: string;
  purpose: string;
  designer?: string;
}

/** A usage permit request (POST /api/v1/Usage {ip, purpose, designer?}), checked with the Usage schema. */
export function PermitRequestForm({ ipKey, ipOptions, designerKey, onCreated }: PermitRequestFormProps) {
  const { t } = useTranslation('designer');
  const { data: session } = useSession();
  const form = useEntityForm<PermitValues>('Usage', 'create', {
    ip: ipKey ?? '',
    purpose: '',
    ...(designerKey ? { designer: designerKey } : {}),
  });

  const submit = async (values: PermitValues) => {
    const result = await saveEntity<Row>('Usage', { ...values }, { token: session?.accessToken });
    if (result.status !== 0 || !result.data) {
      showServerErrors(form, result.errors, t('saveFailed'));
      return;
    }
    form.reset({ ip: ipKey ?? '', purpose: '', ...(designerKey ? { designer: designerKey } : {}) });
    onCreated(result.data);
  };

  return (
    <Form form={form} onSubmit={submit} testId="permit-form">
      {ipOptions && (
        <SelectField
          name="ip"
          label={t('permit.ip')}
          required
          placeholder={t('permit.chooseIp')}
          options={ipOptions.map((option) => ({
            value: option.key,
            label: option.disabled ? t('permit.alreadyRequested', { name: option.name }) : option.name,
            disabled: option.disabled,
          }))}
          testId="permit-ip"
        />
      )}
      <TextField
        name="purpose"
        label={t('permit.purpose')}
        required
        rows={3}
        maxLength={2000}
        placeholder={t('permit.purposePlaceholder')}
        testId="permit-purpose"
      />
      <SubmitButton pending={t('sending')} testId="permit-submit">
        {t('permit.submit')}
      </SubmitButton>
    </Form>
  );
}
