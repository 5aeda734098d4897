import { Fragment, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import useSWR from 'swr';
import { formatMoney, minorDigits } from '@/components/kit/format/money';
import { matchesSearch, RecordSearch } from '@/components/refs/RecordSearch';
import { api } from '@/lib/client/api';
import type { paths } from '@/lib/client/api-schema';
import { useShell } from '@/lib/client/settings-context';
import type { InvoiceBalance } from '@/lib/server/payments/balances';

// The shape the balances route answers, declared once where it is computed (a type only: nothing server-side reaches the bundle).
type PaymentLine = InvoiceBalance['payments'][number];

const METHODS = ['bank_transfer', 'offset', 'cash', 'other'] as const;

/** Today in Japan (YYYY-MM-DD): the default day money arrived. */
function japanToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

type Answer = {
  status: number;
  message?: string;
  data?: { errors?: Record<string, string>; payment?: PaymentLine; outstanding?: number };
};

type PaymentBody = NonNullable<paths['/api/invoice/{id}/payments']['post']['requestBody']>['content']['application/json'];

function problemOf(answer: Answer | null | undefined, fallback: string): string {
  const errors = answer?.data?.errors;
  return errors && Object.keys(errors).length ? Object.values(errors).join(' ') : (answer?.message ?? fallback);
}

/** An overdue amount with its age, or a dash. */
function Overdue({ amount, days, currency }: { amount: number; days: number; currency: string }) {
  const { t } = useTranslation('invoice');
  const { lang } = useShell();
  if (amount <= 0) return <>—</>;
  return (
    <>
      {formatMoney(amount, currency, lang)} <Badge bg="danger">{t('payments.overdueDays', { count: days })}</Badge>
    </>
  );
}

/**
 * Balances per licensee (and under it per license) and invoice, payments recorded against them, and their reversal (finance
 * only). `own`: an organisation reading what it owes (the same figures, no recording).
 */
export function PaymentsView({ own = false }: { own?: boolean }) {
  const { t } = useTranslation('invoice');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  // Finance looks an invoice up by what the caller quotes: its number, a payment's number, the
  // bank's payer reference or the licensee's name.
  const [q, setQ] = useState('');
  const { data: session } = useSession();
  const token = session?.accessToken;
  const balances = useSWR(token ? ['invoice-balances', token] : null, async () => {
    const answer = await api.GET('/api/invoice/balances', { token });
    return answer?.status === 0 ? answer.data : null;
  });
  const [open, setOpen] = useState<string | null>(null);
  const [form, setForm] = useState({ amount: '', paid_on: japanToday(), method: 'bank_transfer', payer_reference: '' });
  const [reason, setReason] = useState('');
  const [reversing, setReversing] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);

  if (balances.isLoading || balances.data === undefined) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner animation="border" size="sm" /> <span className="ms-2">{t('payments.loading')}</span>
      </div>
    );
  }
  if (balances.data === null) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  const data = balances.data;

  const startRecording = (b: InvoiceBalance) => {
    setOpen(b.invoice);
    setReversing(null);
    const digits = minorDigits(b.currency);
    setForm({
      amount: (b.outstanding / 10 ** digits).toFixed(digits),
      paid_on: japanToday(),
      method: 'bank_transfer',
      payer_reference: '',
    });
  };

  const record = async (b: InvoiceBalance) => {
    setBusy(true);
    // The method comes from the select of METHODS; the server refuses any other with its message.
    const body = { ...form, payer_reference: form.payer_reference || undefined } as PaymentBody;
    const answer: Answer | null = await api.POST('/api/invoice/{id}/payments', {
      params: { path: { id: b.invoice } },
      token,
      body,
    });
    setBusy(false);
    if (answer?.status === 0 && answer.data?.payment) {
      setFlash({
        variant: 'success',
        text: t('payments.recorded', {
          reference: answer.data.payment.reference,
          invoice: b.reference,
          outstanding: money(answer.data.outstanding ?? 0, b.currency),
        }),
      });
      setOpen(null);
      await balances.mutate();
    } else setFlash({ variant: 'danger', text: problemOf(answer, t('payments.failed')) });
  };

  const reverse = async (p: PaymentLine) => {
    setBusy(true);
    const answer: Answer | null = await api.POST('/api/payment/{id}/reverse', {
      params: { path: { id: p.key } },
      token,
      body: { reason },
    });
    setBusy(false);
    if (answer?.status === 0) {
      setFlash({ variant: 'success', text: t('payments.reversedDone', { reference: p.reference }) });
      setReversing(null);
      setReason('');
      await balances.mutate();
    } else setFlash({ variant: 'danger', text: problemOf(answer, t('payments.failed')) });
  };

  const shownInvoices = data.invoices.filter((b) =>
    matchesSearch(
      [b.reference, b.licensee_name, ...b.payments.flatMap((p) => [p.reference, p.payer_reference ?? ''])].join(' '),
      q,
    ),
  );

  return (
    <section data-testid="payments">
      <p className="text-muted">{t(own ? 'payments.introOwn' : 'payments.intro')}</p>
      {flash && (
        <Alert variant={flash.variant} dismissible onClose={() => setFlash(null)} data-testid="payments-flash">
          {flash.text}
        </Alert>
      )}
      <h2 className="h5">{t('payments.byLicensee')}</h2>
      {data.licensees.length === 0 ? (
        <p className="text-muted" data-testid="payments-empty">
          {t('payments.empty')}
        </p>
      ) : (
        <Table responsive size="sm" className="bg-white" data-testid="licensee-balances">
          <thead>
            <tr>
              <th>{t('payments.licensee')}</th>
              <th className="text-end">{t('payments.outstanding')}</th>
              <th className="text-end">{t('payments.overdue')}</th>
            </tr>
          </thead>
          <tbody>
            {data.licensees.map((l) => (
              <Fragment key={`${l.licensee}-${l.currency}`}>
                <tr data-testid="licensee-balance">
                  <td className="fw-semibold">{l.licensee_name}</td>
                  <td className="text-end fw-semibold" data-testid="licensee-outstanding">
                    {money(l.outstanding, l.currency)}
                  </td>
                  <td className="text-end">
                    <Overdue amount={l.overdue} days={l.oldest_overdue_days} currency={l.currency} />
                  </td>
                </tr>
                {l.licenses.map((x) => (
                  <tr
                    key={x.license ?? 'none'}
                    className="small"
                    data-testid="license-balance"
                    data-reference={x.license_reference || undefined}
                  >
                    <td className="ps-4">
                      {x.license ? (
                        <>
                          <span className="visually-hidden">{t('payments.license')}: </span>
                          <span className="fw-semibold">{x.license_reference}</span>
                          {x.ip_name ? ` · ${x.ip_name}` : ''}
                        </>
                      ) : (
                        t('payments.noLicense')
                      )}
                    </td>
                    <td className="text-end" data-testid="license-outstanding">
                      {money(x.outstanding, l.currency)}
                    </td>
                    <td className="text-end" data-testid="license-overdue">
                      <Overdue amount={x.overdue} days={x.oldest_overdue_days} currency={l.currency} />
                    </td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </Table>
      )}
      {data.licensees.length > 0 && <p className="small text-muted">{t('payments.byLicenseNote')}</p>}
      <h2 className="h5 mt-4">{t('payments.byInvoice')}</h2>
      <RecordSearch onSearch={setQ} testId="payments-search" />
      {shownInvoices.length === 0 && q && (
        <p className="text-muted" data-testid="payments-no-match">
          {tc('search.none')}
        </p>
      )}
      <Table responsive className="bg-white align-middle" data-testid="invoice-balances">
        <thead>
          <tr>
            <th>{t('payments.invoice')}</th>
            <th>{t('payments.licensee')}</th>
            <th className="text-end">{t('payments.amount')}</th>
            <th className="text-end">{t('payments.paid')}</th>
            <th className="text-end">{t('payments.outstanding')}</th>
            <th>{t('payments.due')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {shownInvoices.map((b) => (
            <Fragment key={b.invoice}>
              <tr data-testid="invoice-balance" data-reference={b.reference}>
                <td className="fw-semibold">{b.reference}</td>
                <td>{b.licensee_name}</td>
                <td className="text-end">{money(b.amount, b.currency)}</td>
                <td className="text-end">{money(b.paid, b.currency)}</td>
                <td className="text-end" data-testid="invoice-outstanding">
                  {money(b.outstanding, b.currency)}{' '}
                  {b.overdue_days > 0 && <Badge bg="danger">{t('payments.overdueDays', { count: b.overdue_days })}</Badge>}
                  {b.outstanding === 0 && <Badge bg="success">{t('payments.settled')}</Badge>}
                </td>
                <td>{b.due_date ?? '—'}</td>
                <td className="text-end">
                  {data.may_record && b.outstanding > 0 && (
                    <Button size="sm" variant="outline-primary" onClick={() => startRecording(b)} data-testid="record-payment">
                      {t('payments.record')}
                    </Button>
                  )}
                </td>
              </tr>
              {open === b.invoice && (
                <tr>
                  <td colSpan={7}>
                    <Form
                      className="row g-2 align-items-end"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void record(b);
                      }}
                      data-testid="payment-form"
                    >
                      <Form.Group className="col-md-2" controlId={`amount-${b.invoice}`}>
                        <Form.Label className="small mb-1">{t('payments.amountIn', { currency: b.currency })}</Form.Label>
                        <Form.Control
                          size="sm"
                          required
                          inputMode="decimal"
                          value={form.amount}
                          onChange={(e) => setForm({ ...form, amount: e.target.value })}
                          data-testid="payment-amount"
                        />
                      </Form.Group>
                      <Form.Group className="col-md-2" controlId={`paid-on-${b.invoice}`}>
                        <Form.Label className="small mb-1">{t('payments.paidOn')}</Form.Label>
                        <Form.Control
                          size="sm"
                          type="date"
                          required
                          value={form.paid_on}
                          onChange={(e) => setForm({ ...form, paid_on: e.target.value })}
                          data-testid="payment-date"
                        />
                      </Form.Group>
                      <Form.Group className="col-md-2" controlId={`method-${b.invoice}`}>
                        <Form.Label className="small mb-1">{t('payments.method')}</Form.Label>
                        <Form.Select size="sm" value={form.method} onChange={(e) => setForm({ ...form, method: e.target.value })}>
                          {METHODS.map((m) => (
                            <option key={m} value={m}>
                              {t(`payments.methods.${m}`)}
                            </option>
                          ))}
                        </Form.Select>
                      </Form.Group>
                      <Form.Group className="col-md-3" controlId={`payer-${b.invoice}`}>
                        <Form.Label className="small mb-1">{t('payments.payerReference')}</Form.Label>
                        <Form.Control
                          size="sm"
                          maxLength={200}
                          value={form.payer_reference}
                          onChange={(e) => setForm({ ...form, payer_reference: e.target.value })}
                        />
                      </Form.Group>
                      <div className="col-md-3">
                        <Button size="sm" type="submit" disabled={busy} data-testid="payment-submit">
                          {t('payments.save')}
                        </Button>{' '}
                        <Button size="sm" variant="link" onClick={() => setOpen(null)}>
                          {t('payments.cancel')}
                        </Button>
                      </div>
                    </Form>
                  </td>
                </tr>
              )}
              {b.payments.map((p) => (
                <tr key={p.key} className="small text-muted" data-testid="payment-row">
                  <td className="ps-4">{p.reference}</td>
                  <td>
                    {p.paid_on} · {t(`payments.methods.${p.method}`)}
                    {p.payer_reference ? ` · ${p.payer_reference}` : ''}
                  </td>
                  <td className="text-end" colSpan={2}>
                    {p.state === 'reversed' ? <s>{money(p.amount, b.currency)}</s> : money(p.amount, b.currency)}
                  </td>
                  <td colSpan={2}>
                    {p.state === 'reversed' && (
                      <Badge bg="secondary">{t('payments.reversedBecause', { reason: p.reversal_reason ?? '' })}</Badge>
                    )}
                    {reversing === p.key && (
                      <Form
                        className="d-flex gap-2"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void reverse(p);
                        }}
                      >
                        <Form.Control
                          size="sm"
                          required
                          aria-label={t('payments.reason')}
                          placeholder={t('payments.reason')}
                          value={reason}
                          onChange={(e) => setReason(e.target.value)}
                          data-testid="reverse-reason"
                        />
                        <Button size="sm" type="submit" variant="danger" disabled={busy} data-testid="reverse-submit">
                          {t('payments.reverse')}
                        </Button>
                      </Form>
                    )}
                  </td>
                  <td className="text-end">
                    {data.may_record && p.state === 'recorded' && reversing !== p.key && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setReversing(p.key)}
                        data-testid="reverse-payment"
                      >
                        {t('payments.reverse')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
