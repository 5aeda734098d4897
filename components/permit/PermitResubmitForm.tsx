import { useRef } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import type { FieldError } from '@/lib/validation/messages';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import type { ExtraCheck } from '@/components/kit/form/resolver';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { saveEntity } from '@/lib/client/entity-save';
import { takeStep } from '@/lib/client/flow';
import { text, type Row } from '@/components/flow/approval/subject';

interface ResubmitValues {
  purpose: string;
  version?: number;
  /** The applicant's answer to the brand, kept with the resubmission in the permit's log. */
  note?: string;
}

/** The Usage patch schema, as the API checks it, with the answer that travels with the step. */
const loadSchema = () =>
  import('@/lib/server/entities/definitions').then((m) =>
    m.entities.Usage.patch.extend({ note: z.string().trim().max(2000).optional() }),
  );

/** A patch may leave the purpose out; the permit sent back may not (an emptied box is not "unchanged"). */
const purposeGiven: ExtraCheck<ResubmitValues> = (values) => {
  const errors: Record<string, FieldError> = {};
  if (!values.purpose?.trim()) errors.purpose = { code: 'required' };
  return errors;
};

/**
 * After the brand asked for changes: the applicant corrects the purpose, may answer in a note,
 * and sends the permit back to review (PATCH /api/v1/Usage/{id}, then POST …/resubmit). The
 * server checks both again and says per field what is wrong.
 */
export function PermitResubmitForm({ usage, onDone }: { usage: Row; onDone(message: string): Promise<void> | void }) {
  const { t } = useTranslation('designer');
  const { data: session } = useSession();
  const key = text(usage.key);
  const form = useSchemaForm<ResubmitValues>(
    loadSchema,
    {
      purpose: text(usage.purpose),
      ...(typeof usage.version === 'number' ? { version: usage.version } : {}),
      note: '',
    },
    purposeGiven,
  );
  // What the server holds now: a save that went through is not sent again if the step then fails.
  const stored = useRef(text(usage.purpose));

  const submit = async ({ note, ...values }: ResubmitValues) => {
    const token = session?.accessToken;
    if (values.purpose !== stored.current) {
      const saved = await saveEntity<Row>('Usage', { ...values }, { key, token });
      if (saved.status !== 0 || !saved.data) {
        showServerErrors(form, saved.errors, t('saveFailed'));
        return;
      }
      stored.current = values.purpose;
      if (typeof saved.data.version === 'number') form.setValue('version', saved.data.version);
    }
    const answer = await takeStep<Row>('Usage', key, 'resubmit', note?.trim() || undefined, token);
    if (answer.status !== 0) {
      const errors = answer.message ? { ...answer.errors, state: answer.message } : answer.errors;
      showServerErrors(form, errors, t('permitDetail.resubmitFailed'));
      return;
    }
    await onDone(t('permitDetail.resubmitted', { reference: text(usage.reference) }));
  };

  return (
    <Form form={form} onSubmit={submit} testId="permit-resubmit-form" className="border rounded p-3">
      <h3 className="h6">{t('permitDetail.resubmitTitle')}</h3>
      <TextField name="purpose" label={t('permit.purpose')} required rows={3} maxLength={2000} testId="permit-resubmit-purpose" />
      <TextField
        name="note"
        label={t('permitDetail.note')}
        help={t('permitDetail.noteHelp')}
        rows={2}
        maxLength={2000}
        testId="permit-resubmit-note"
      />
      <SubmitButton pending={t('sending')} testId="permit-resubmit">
        {t('permitDetail.resubmit')}
      </SubmitButton>
    </Form>
  );
}
