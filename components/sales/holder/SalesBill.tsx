import { Fragment, useMemo } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import useSWR from 'swr';
import { api, type AnswerData } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { formatJpyRate } from '@/lib/format/money';
import type { RateRequest } from '../../fx/ExchangeRates';
import { formatDay, formatMoney } from '../../kit/format/money';
import { HeadRow } from '../../kit/table/HeadRow';

type BillEntry = AnswerData<'/api/sales/bill', 'get'>['entries'][number];

/** The columns of the bill: who, when, where it stands, then the amounts. */
const HEAD = [
  'licensee',
  'period',
  'billStatus',
  'royalty',
  'recouped',
  'mgShortfall',
  'advanceBilled',
  'tax',
  'withheld',
  'amountDue',
] as const;

export interface BillQuery {
  from?: string;
  to?: string;
  licensee?: string;
}

/** The bill the server computes with the invoice's own computation (GET /api/sales/bill). */
function useSalesBill(query: BillQuery | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const params = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => Boolean(v)) as [string, string][]) : null;
  return useSWR(params && token ? ['sales-bill', params.toString(), token] : null, async () => {
    // Empty filters are left out, as in the key.
    const { from, to, licensee } = query!;
    const answer = await api.GET('/api/sales/bill', {
      params: { query: { from: from || undefined, to: to || undefined, licensee: licensee || undefined } },
      token,
    });
    return answer?.status === 0 ? answer.data : null;
  });
}

/**
 * The bill: per licensee and period what is owed — approved sales still to invoice, priced exactly
 * as their invoice will be (advance recouped first, MG shortfall at the end of the term, tax lines),
 * and months already invoiced by their invoice — with each licensee's and the overall total per currency.
 */
export function SalesBill({
  query,
  filtered,
  onRecordRate,
}: {
  query: BillQuery | null;
  filtered: boolean;
  /** Opens the exchange-rate form for a currency and month the bill could not convert. */
  onRecordRate: (request: RateRequest) => void;
}) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const { lang } = useShell();
  const bill = useSalesBill(query);
  const groups = useMemo(() => {
    const byLicensee = new Map<string, { name: string; entries: BillEntry[]; totals: Map<string, number> }>();
    for (const e of bill.data?.entries ?? []) {
      const g = byLicensee.get(e.licensee) ?? {
        name: e.licensee_name,
        entries: [] as BillEntry[],
        totals: new Map<string, number>(),
      };
      g.entries.push(e);
      g.totals.set(e.currency, (g.totals.get(e.currency) ?? 0) + e.total);
      byLicensee.set(e.licensee, g);
    }
    return [...byLicensee.entries()];
  }, [bill.data]);

  if (bill.isLoading) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
      </div>
    );
  }
  if (bill.data === null) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  if (groups.length === 0) {
    return (
      <p className="text-muted py-2" data-testid="sales-bill-empty">
        {filtered ? t('sales.noMatch') : t('sales.billEmpty')}
      </p>
    );
  }
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);
  const foreign = (bill.data?.entries ?? []).some((e) => e.currency !== 'JPY');
  const columns = foreign ? 10 : 9;
  const inYen = (e: BillEntry) => {
    if (e.currency === 'JPY') return <td className="text-end">{money(e.total, 'JPY')}</td>;
    if (e.jpy.amount === null || e.jpy.rate_micro === null) {
      return (
        <td className="text-end small" data-testid="sales-bill-jpy-missing">
          <span className="text-danger">{t('sales.rateMissing', { currency: e.currency, month: e.jpy.month })}</span>{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0"
            onClick={() => onRecordRate({ currency: e.currency, month: e.jpy.month })}
          >
            {t('sales.recordRate')}
          </Button>
        </td>
      );
    }
    return (
      <td className="text-end" data-testid="sales-bill-jpy">
        {money(e.jpy.amount, 'JPY')}
        <div className="small text-muted" data-testid="sales-bill-rate">
          {t('sales.rateUsed', { currency: e.currency, rate: formatJpyRate(e.jpy.rate_micro, lang), month: e.jpy.month })}
        </div>
      </td>
    );
  };
  const jpyTotal = bill.data?.totals_jpy;
  return (
    <>
      <p className="small text-muted">{t('sales.billHelp')}</p>
      <Table responsive className="bg-white align-middle" data-testid="sales-bill">
        <thead>
          <HeadRow labels={[...HEAD, ...(foreign ? (['inJpy'] as const) : [])].map((key) => t(`sales.${key}`))} start={3} />
        </thead>
        <tbody>
          {groups.map(([licensee, g]) => (
            <Fragment key={licensee}>
              {g.entries.map((e, i) => {
                // Withholding (cross-border royalties) is shown apart: the amount due is the net.
                const tax = e.tax_lines.filter((l) => l.kind !== 'withholding').reduce((s, l) => s + l.amount, 0);
                const withheld = e.tax_lines.filter((l) => l.kind === 'withholding').reduce((s, l) => s + l.amount, 0);
                const invoiced = e.status === 'invoiced';
                return (
                  <tr key={`${e.period_start}-${e.currency}-${e.invoice_reference ?? ''}`} data-testid="sales-bill-row">
                    <td>{i === 0 ? <span className="fw-semibold">{g.name}</span> : null}</td>
                    <td>
                      {formatDay(e.period_start)} – {formatDay(e.period_end)}
                    </td>
                    <td>
                      {invoiced ? (
                        <Badge bg="secondary">
                          {t('sales.invoicedAs', {
                            reference: e.invoice_reference,
                            state: t(`flow:state.${e.invoice_state}`, { defaultValue: e.invoice_state ?? '' }),
                          })}
                        </Badge>
                      ) : (
                        <Badge bg="warning" text="dark">
                          {t('sales.toInvoice')}
                        </Badge>
                      )}
                    </td>
                    <td className="text-end">{invoiced ? '—' : money(e.royalty, e.currency)}</td>
                    <td className="text-end">{invoiced ? '—' : money(e.recouped ? -e.recouped : 0, e.currency)}</td>
                    <td className="text-end">{invoiced ? '—' : money(e.mg_shortfall, e.currency)}</td>
                    <td className="text-end" data-testid="sales-bill-advance">
                      {invoiced ? '—' : money(e.advance_billed, e.currency)}
                    </td>
                    <td className="text-end">{money(tax, e.currency)}</td>
                    <td className="text-end" data-testid="sales-bill-withheld">
                      {withheld ? money(withheld, e.currency) : '—'}
                    </td>
                    <td className="text-end fw-semibold" data-testid="sales-bill-amount">
                      {money(e.total, e.currency)}
                    </td>
                    {foreign ? inYen(e) : null}
                  </tr>
                );
              })}
              {[...g.totals.entries()].map(([currency, total]) => (
                <tr
                  key={`total-${currency}`}
                  className="table-light fw-semibold"
                  data-testid="sales-bill-total"
                  data-licensee={licensee}
                  data-currency={currency}
                >
                  <td colSpan={9}>{t('sales.licenseeTotal', { name: g.name })}</td>
                  <td className="text-end" data-testid="sales-bill-total-amount">
                    {money(total, currency)}
                  </td>
                  {foreign ? <td /> : null}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          {Object.entries(bill.data?.totals ?? {}).map(([currency, total]) => (
            <tr key={currency} className="table-primary fw-bold" data-testid="sales-bill-grand" data-currency={currency}>
              <td colSpan={9}>{t('sales.grandTotal', { currency })}</td>
              <td className="text-end">{money(total, currency)}</td>
              {foreign ? <td /> : null}
            </tr>
          ))}
          {foreign && jpyTotal ? (
            <tr className="table-primary fw-bold" data-testid="sales-bill-grand-jpy">
              <td colSpan={columns}>
                {t('sales.grandTotalJpy')}
                {jpyTotal.complete ? null : (
                  <div className="small fw-normal text-danger" data-testid="sales-bill-jpy-partial">
                    {t('sales.grandTotalJpyPartial', {
                      missing: jpyTotal.missing.map((m) => `${m.currency} ${m.month}`).join(lang === 'jp' ? '、' : ', '),
                    })}
                  </div>
                )}
              </td>
              <td className="text-end" data-testid="sales-bill-grand-jpy-amount">
                {money(jpyTotal.amount, 'JPY')}
              </td>
            </tr>
          ) : null}
        </tfoot>
      </Table>
    </>
  );
}
