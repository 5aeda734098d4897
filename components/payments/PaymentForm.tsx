import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { DateField, TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { api } from '@/lib/client/api';
import type { paths } from '@/lib/client/api-schema';
import { minorDigits } from '@/lib/format/money';
import { japanToday } from '@/lib/format/japan-calendar';
import { errorsOf, type InvoiceBalance, type PaymentAnswer } from './payments-api';

type PaymentBody = NonNullable<paths['/api/invoice/{id}/payments']['post']['requestBody']>['content']['application/json'];

/** The route's methods (lib/server/payments/input.ts), kept here so the page does not load zod up front. */
const METHODS = ['bank_transfer', 'offset', 'cash', 'other'] as const satisfies readonly PaymentBody['method'][];

interface PaymentValues {
  amount: string;
  paid_on: string;
  method: string;
  payer_reference: string;
}

/**
 * Money received against one invoice: the amount as typed in the invoice's currency (the balance
 * to start with), the day, how it came and the payer's reference; checked with the schema the
 * route parses with.
 */
export function PaymentForm({
  balance,
  onRecorded,
  onCancel,
}: {
  balance: InvoiceBalance;
  onRecorded(answer: PaymentAnswer): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('invoice');
  const { data: session } = useSession();
  const digits = minorDigits(balance.currency);
  const form = useSchemaForm<PaymentValues>(() => import('@/lib/server/payments/input').then((m) => m.recordPaymentInput), {
    amount: (balance.outstanding / 10 ** digits).toFixed(digits),
    paid_on: japanToday(),
    method: 'bank_transfer',
    payer_reference: '',
  });
  const submit = async (values: PaymentValues) => {
    const answer: PaymentAnswer | null = await api.POST('/api/invoice/{id}/payments', {
      params: { path: { id: balance.invoice } },
      token: session?.accessToken,
      // The resolver has checked the values against the route's schema (the method is one of METHODS).
      body: values as PaymentBody,
    });
    if (answer?.status === 0 && answer.data?.payment) onRecorded(answer);
    else showServerErrors(form, errorsOf(answer), answer?.message ?? t('payments.failed'));
  };
  return (
    <Form form={form} onSubmit={submit} className="row g-2 align-items-start" testId="payment-form">
      <TextField
        name="amount"
        label={t('payments.amountIn', { currency: balance.currency })}
        required
        inputMode="decimal"
        className="col-md-2 mb-0"
        testId="payment-amount"
      />
      <DateField name="paid_on" label={t('payments.paidOn')} required className="col-md-2 mb-0" testId="payment-date" />
      <SelectField
        name="method"
        label={t('payments.method')}
        required
        className="col-md-2 mb-0"
        options={METHODS.map((m) => ({ value: m, label: t(`payments.methods.${m}`) }))}
        testId="payment-method"
      />
      <TextField
        name="payer_reference"
        label={t('payments.payerReference')}
        maxLength={200}
        className="col-md-3 mb-0"
        testId="payment-payer"
      />
      <div className="col-md-3 align-self-end d-flex gap-2">
        <SubmitButton testId="payment-submit">{t('payments.save')}</SubmitButton>
        <Button variant="link" onClick={onCancel}>
          {t('payments.cancel')}
        </Button>
      </div>
    </Form>
  );
}
