import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { api } from '@/lib/client/api';
import type { paths } from '@/lib/client/api-schema';
import { CURRENCIES } from '@/lib/format/money';
import type { ExchangeRate } from '@/lib/server/fx/rates';
import { dateTimeFormat } from '@/lib/format/intl-cache';

type RateBody = NonNullable<paths['/api/sales/rates']['post']['requestBody']>['content']['application/json'];
type Answer = { status: number; message?: string; data?: { errors?: Record<string, string> } & Partial<ExchangeRate> };

interface RateValues {
  currency: string;
  month: string;
  rate: string;
}

/** What the form starts with: a currency and month the bill asked for, else USD and the month now running in Japan. */
export interface RateRequest {
  currency: string;
  month: string;
}

function japanMonth(): string {
  return dateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date());
}

/** A month's rate recorded (or corrected) by finance, checked with the schema the route parses with. */
export function RateForm({ request, onRecorded }: { request: RateRequest | null; onRecorded(rate: ExchangeRate): void }) {
  const { t } = useTranslation('holder-admin');
  const { data: session } = useSession();
  const form = useSchemaForm<RateValues>(() => import('@/lib/server/fx/input').then((m) => m.recordRateInput), {
    currency: request?.currency ?? 'USD',
    month: request?.month ?? japanMonth(),
    rate: '',
  });
  const submit = async (values: RateValues) => {
    // The resolver has checked the currency against the route's list (lib/server/fx/input.ts).
    const body = values as RateBody;
    const answer: Answer | null = await api.POST('/api/sales/rates', { token: session?.accessToken, body });
    if (answer?.status === 0 && answer.data?.rate_micro) {
      form.reset({ ...values, rate: '' });
      onRecorded(answer.data as ExchangeRate);
    } else showServerErrors(form, answer?.data?.errors ?? {}, answer?.message ?? t('sales.rateFailed'));
  };
  return (
    <Form form={form} onSubmit={submit} className="row g-2 align-items-start mb-3" testId="rate-form">
      <SelectField
        name="currency"
        label={t('sales.rateCurrency')}
        required
        className="col-md-2 mb-0"
        options={CURRENCIES.filter((c) => c !== 'JPY').map((c) => ({ value: c, label: c }))}
        testId="rate-currency"
      />
      <TextField name="month" type="month" label={t('sales.rateMonth')} required className="col-md-3 mb-0" testId="rate-month" />
      <TextField
        name="rate"
        label={t('sales.rateValue')}
        required
        inputMode="decimal"
        placeholder="151.25"
        className="col-md-3 mb-0"
        testId="rate-value-input"
      />
      <div className="col-md-2 align-self-end">
        <SubmitButton testId="rate-submit">{t('sales.rateSubmit')}</SubmitButton>
      </div>
    </Form>
  );
}
