import { Fragment, useState } from 'react';
import Link from 'next/link';
import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDay, formatMoney } from '@/components/kit/format/money';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { formatJpyRate } from '@/lib/format/money';
import type { InvoiceJpy } from '@/lib/server/invoices/invoice-jpy';
import { InvoiceBreakdownTable } from './InvoiceBreakdownTable';
import {
  INVOICE_STATE_VARIANT,
  downloadWithToken,
  invoiceDetails,
  isOverdue,
  type InvoiceBreakdown,
  type InvoiceRecord,
} from './invoice-api';
import { Reference } from '@/components/refs/RecordSearch';
import { OfferedStep } from '@/components/flow/OfferedStep';

export interface InvoiceTableProps {
  items: InvoiceRecord[];
  /** Organisation names by key: shown as a column when given (the holder's side). */
  names?: Map<string, string>;
  /** The licensee side submits drafts. */
  onSubmit?: (invoice: InvoiceRecord) => void;
  /** cfl and administrators mark approved invoices paid (shown only to whom the flow offers it). */
  onMarkPaid?: (invoice: InvoiceRecord) => void;
  onDownloadFailed?: () => void;
  busy?: string | null;
  /** The holder's side: invoices in another currency also in yen, at the month's recorded rate. */
  inYen?: boolean;
}

/** Yen amounts of the listed invoices in other currencies, converted on the server as the bill converts. */
function useInvoicesInJpy(items: InvoiceRecord[], enabled: boolean, token?: string): Map<string, InvoiceJpy> | undefined {
  const keys = enabled ? items.filter((i) => i.currency !== 'JPY').map((i) => i.key) : [];
  const answer = useSWR(token && keys.length ? ['invoice-jpy', keys.join(','), token] : null, async () => {
    const result = await api.GET('/api/invoice/jpy', { params: { query: { keys: keys.join(',') } }, token });
    return result?.status === 0 ? result.data : null;
  });
  if (answer.data === undefined) return undefined;
  return new Map((answer.data?.invoices ?? []).map((i) => [i.invoice, i]));
}

/** An invoice's amount in yen with the rate used, or why there is none and where to record it. */
function InYen({ converted, loading }: { converted: InvoiceJpy | undefined; loading: boolean }) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  if (loading) return <Spinner animation="border" size="sm" />;
  if (!converted) return <>—</>;
  const { jpy, currency } = converted;
  if (jpy.amount === null || jpy.rate_micro === null) {
    return (
      <span className="small" data-testid="invoice-jpy-missing">
        <span className="text-danger">{t('holder-admin:sales.rateMissing', { currency, month: jpy.month })}</span>{' '}
        <Link
          href={`/${lang}/holder/sales?rate=${encodeURIComponent(currency)}&month=${jpy.month}`}
          data-testid="invoice-record-rate"
        >
          {t('holder-admin:sales.recordRate')}
        </Link>
      </span>
    );
  }
  return (
    <>
      <span data-testid="invoice-jpy">{formatMoney(jpy.amount, 'JPY', lang)}</span>
      <div className="small text-muted" data-testid="invoice-rate">
        {t('holder-admin:sales.rateUsed', { currency, rate: formatJpyRate(jpy.rate_micro, lang), month: jpy.month })}
      </div>
    </>
  );
}

/** Invoices with period, amount, tax, due date (overdue badge), translated state, and their actions. */
export function InvoiceTable({ items, names, onSubmit, onMarkPaid, onDownloadFailed, busy, inYen }: InvoiceTableProps) {
  const { t } = useTranslation(['invoice', 'flow']);
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [open, setOpen] = useState<string | null>(null);
  const [details, setDetails] = useState<Record<string, InvoiceBreakdown>>({});
  const [downloading, setDownloading] = useState<string | null>(null);
  const foreign = Boolean(inYen) && items.some((i) => i.currency !== 'JPY');
  const converted = useInvoicesInJpy(items, foreign, token);

  const toggle = async (key: string) => {
    if (open === key) {
      setOpen(null);
      return;
    }
    setOpen(key);
    if (!details[key]) {
      const answer = await invoiceDetails(key, token);
      if (answer.ok && answer.data) setDetails((d) => ({ ...d, [key]: answer.data!.breakdown }));
    }
  };

  const download = async (invoice: InvoiceRecord) => {
    setDownloading(invoice.key);
    const ok = await downloadWithToken(
      `/api/invoice/${encodeURIComponent(invoice.key)}/pdf?lang=${lang}`,
      `invoice-${invoice.reference}.pdf`,
      token,
    );
    setDownloading(null);
    if (!ok) onDownloadFailed?.();
  };

  const columns = (names ? 8 : 7) + (foreign ? 1 : 0);
  return (
    <Table responsive hover className="bg-white align-middle" data-testid="invoice-table">
      <thead>
        <tr>
          <th>{t('list.reference')}</th>
          {names && <th>{t('list.organisation')}</th>}
          <th>{t('list.period')}</th>
          <th className="text-end">{t('list.amount')}</th>
          {foreign && <th className="text-end">{t('holder-admin:sales.inJpy')}</th>}
          <th className="text-end">{t('list.tax')}</th>
          <th>{t('list.dueDate')}</th>
          <th>{t('list.state')}</th>
          <th>{t('list.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((invoice) => {
          const overdue = isOverdue(invoice);
          const tax = invoice.tax_lines.reduce((s, l) => s + l.amount, 0);
          return (
            <Fragment key={invoice.key}>
              <tr data-testid="invoice-row" data-key={invoice.key} data-state={invoice.state}>
                <td>
                  <Reference value={invoice.reference} />
                </td>
                {names && <td>{names.get(invoice.licensee) ?? '—'}</td>}
                <td className="text-nowrap">
                  {formatDay(invoice.period_start)} – {formatDay(invoice.period_end)}
                </td>
                <td className="text-end" data-testid="invoice-amount">
                  {formatMoney(invoice.amount, invoice.currency, lang)}
                </td>
                {foreign && (
                  <td className="text-end" data-testid="invoice-in-jpy">
                    {invoice.currency === 'JPY' ? (
                      formatMoney(invoice.amount, 'JPY', lang)
                    ) : (
                      <InYen converted={converted?.get(invoice.key)} loading={converted === undefined} />
                    )}
                  </td>
                )}
                <td className="text-end">{formatMoney(tax, invoice.currency, lang)}</td>
                <td className="text-nowrap">
                  {invoice.due_date ? formatDay(invoice.due_date) : '—'}
                  {overdue && (
                    <Badge bg="danger" className="ms-2" data-testid="invoice-overdue">
                      {t('list.overdue')}
                    </Badge>
                  )}
                </td>
                <td>
                  <Badge bg={INVOICE_STATE_VARIANT[invoice.state] ?? 'secondary'} data-testid="invoice-state">
                    {t(`flow:state.${invoice.state}`)}
                  </Badge>
                </td>
                <td className="text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-1"
                    onClick={() => void toggle(invoice.key)}
                    aria-expanded={open === invoice.key}
                    data-testid="invoice-details"
                  >
                    {t('list.details')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-1"
                    onClick={() => void download(invoice)}
                    disabled={downloading === invoice.key}
                    data-testid="invoice-pdf"
                  >
                    {downloading === invoice.key && <Spinner animation="border" size="sm" className="me-1" />}
                    {t('list.pdf')}
                  </Button>
                  {onSubmit && invoice.state === 'draft' && (
                    <OfferedStep entity="Invoice" recordKey={invoice.key} state={invoice.state} action="submit">
                      <Button
                        size="sm"
                        className="me-1"
                        onClick={() => onSubmit(invoice)}
                        disabled={busy === invoice.key}
                        data-testid="invoice-submit"
                      >
                        {t('list.submit')}
                      </Button>
                    </OfferedStep>
                  )}
                  {onMarkPaid && invoice.state === 'approved' && (
                    <OfferedStep entity="Invoice" recordKey={invoice.key} state={invoice.state} action="mark_paid">
                      <Button
                        size="sm"
                        variant="success"
                        onClick={() => onMarkPaid(invoice)}
                        disabled={busy === invoice.key}
                        data-testid="invoice-mark-paid"
                      >
                        {t('list.markPaid')}
                      </Button>
                    </OfferedStep>
                  )}
                </td>
              </tr>
              {open === invoice.key && (
                <tr data-testid="invoice-details-row">
                  <td colSpan={columns} className="bg-light">
                    {details[invoice.key] ? (
                      <InvoiceBreakdownTable breakdown={details[invoice.key]!} />
                    ) : (
                      <Spinner animation="border" size="sm" />
                    )}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
