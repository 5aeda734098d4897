import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { api } from '@/lib/client/api';
import { errorsOf, type PaymentAnswer, type PaymentLine } from './payments-api';

/** Why a payment recorded by mistake is reversed: the reason stays in the history. */
export function ReversePaymentForm({ payment, onReversed }: { payment: PaymentLine; onReversed(): void }) {
  const { t } = useTranslation('invoice');
  const { data: session } = useSession();
  const form = useSchemaForm<{ reason: string }>(() => import('@/lib/server/payments/input').then((m) => m.reversePaymentInput), {
    reason: '',
  });
  const submit = async ({ reason }: { reason: string }) => {
    const answer: PaymentAnswer | null = await api.POST('/api/payment/{id}/reverse', {
      params: { path: { id: payment.key } },
      token: session?.accessToken,
      body: { reason },
    });
    if (answer?.status === 0) onReversed();
    else showServerErrors(form, errorsOf(answer), answer?.message ?? t('payments.failed'));
  };
  return (
    <Form form={form} onSubmit={submit} className="d-flex gap-2 align-items-start" testId="reverse-form">
      <TextField name="reason" label={t('payments.reason')} required className="mb-0 flex-grow-1" testId="reverse-reason" />
      <div className="align-self-end">
        <SubmitButton variant="danger" testId="reverse-submit">
          {t('payments.reverse')}
        </SubmitButton>
      </div>
    </Form>
  );
}
