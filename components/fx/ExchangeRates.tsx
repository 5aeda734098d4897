import { useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import useSWR, { useSWRConfig } from 'swr';
import { CURRENCIES, formatJpyRate } from '@/lib/format/money';
import { formatJapanTime } from '@/lib/format/time';
import { api } from '@/lib/client/api';
import type { paths } from '@/lib/client/api-schema';
import { useShell } from '@/lib/client/settings-context';
import type { ExchangeRate } from '@/lib/server/fx/rates';

type Answer = { status: number; message?: string; data?: { errors?: Record<string, string> } & Partial<ExchangeRate> };
type RateBody = NonNullable<paths['/api/sales/rates']['post']['requestBody']>['content']['application/json'];

/** What the form starts with: a currency and month the bill asked for, else USD and the month now running in Japan. */
export interface RateRequest {
  currency: string;
  month: string;
}

function japanMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date());
}

/**
 * The exchange rates the bill converts at: per currency and month the yen value of one unit, with
 * the rates it replaced; the finance approvers record or correct one here.
 */
export function ExchangeRates({ request }: { request: RateRequest | null }) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const { mutate } = useSWRConfig();
  const rates = useSWR(token ? ['exchange-rates', token] : null, async () => {
    const answer = await api.GET('/api/sales/rates', { token });
    return answer?.status === 0 ? answer.data : null;
  });
  const [form, setForm] = useState({ currency: request?.currency ?? 'USD', month: request?.month ?? japanMonth(), rate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [flash, setFlash] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (rates.isLoading || rates.data === undefined) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
      </div>
    );
  }
  if (rates.data === null) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  const data = rates.data;

  const submit = async () => {
    setBusy(true);
    // The currency comes from the select of CURRENCIES or from the bill; the server refuses any other with its message.
    const body = form as RateBody;
    const answer: Answer | null = await api.POST('/api/sales/rates', { token, body });
    setBusy(false);
    if (answer?.status === 0 && answer.data?.rate_micro) {
      setErrors({});
      setFlash({
        variant: 'success',
        text: t('sales.rateSaved', {
          currency: form.currency,
          month: form.month,
          rate: formatJpyRate(answer.data.rate_micro, lang),
        }),
      });
      setForm({ ...form, rate: '' });
      await rates.mutate();
      // The bill reads the new rate next time it is shown.
      await mutate((key) => Array.isArray(key) && key[0] === 'sales-bill');
    } else {
      setErrors(answer?.data?.errors ?? {});
      setFlash({
        variant: 'danger',
        text: answer?.data?.errors ? t('sales.rateFailed') : (answer?.message ?? t('sales.rateFailed')),
      });
    }
  };

  return (
    <section data-testid="exchange-rates">
      <h2 className="h5">{t('sales.ratesTitle')}</h2>
      <p className="small text-muted">{t('sales.ratesHelp')}</p>
      {flash ? (
        <Alert variant={flash.variant} onClose={() => setFlash(null)} dismissible data-testid="rate-flash">
          {flash.text}
        </Alert>
      ) : null}
      {data.may_record ? (
        <Form
          className="row g-2 align-items-end mb-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="rate-form"
        >
          <Form.Group className="col-md-2" controlId="rate-currency">
            <Form.Label className="small mb-1">{t('sales.rateCurrency')}</Form.Label>
            <Form.Select
              size="sm"
              value={form.currency}
              isInvalid={!!errors.currency}
              onChange={(e) => setForm({ ...form, currency: e.target.value })}
            >
              {CURRENCIES.filter((c) => c !== 'JPY').map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.currency}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-md-2" controlId="rate-month">
            <Form.Label className="small mb-1">{t('sales.rateMonth')}</Form.Label>
            <Form.Control
              size="sm"
              type="month"
              value={form.month}
              isInvalid={!!errors.month}
              onChange={(e) => setForm({ ...form, month: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">{errors.month}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-md-3" controlId="rate-value">
            <Form.Label className="small mb-1">{t('sales.rateValue')}</Form.Label>
            <Form.Control
              size="sm"
              inputMode="decimal"
              value={form.rate}
              isInvalid={!!errors.rate}
              placeholder="151.25"
              onChange={(e) => setForm({ ...form, rate: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">{errors.rate}</Form.Control.Feedback>
          </Form.Group>
          <div className="col-md-2">
            <Button size="sm" type="submit" disabled={busy} data-testid="rate-submit">
              {t('sales.rateSubmit')}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="small text-muted" data-testid="rate-read-only">
          {t('sales.rateReadOnly')}
        </p>
      )}
      {data.rates.length === 0 ? (
        <p className="text-muted" data-testid="rates-empty">
          {t('sales.ratesEmpty')}
        </p>
      ) : (
        <Table responsive size="sm" className="bg-white align-middle" data-testid="rates-table">
          <thead>
            <tr>
              <th>{t('sales.rateMonth')}</th>
              <th>{t('sales.rateCurrency')}</th>
              <th className="text-end">{t('sales.rateValue')}</th>
              <th>{t('sales.rateRecordedAt')}</th>
              <th>{t('sales.rateHistory')}</th>
            </tr>
          </thead>
          <tbody>
            {data.rates.map((r) => (
              <tr key={`${r.currency}-${r.month}`} data-testid="rate-row" data-currency={r.currency} data-month={r.month}>
                <td>{r.month}</td>
                <td>{r.currency}</td>
                <td className="text-end" data-testid="rate-value">
                  {formatJpyRate(r.rate_micro, lang)}
                </td>
                <td>{formatJapanTime(r.recorded_at, lang)}</td>
                <td className="small text-muted">
                  {r.history
                    .map((h) => `${formatJpyRate(h.rate_micro, lang)} (${formatJapanTime(h.recorded_at, lang)})`)
                    .join(', ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
