import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '../page/withPage';
import { formatDay, formatMoney } from './money';
import { EMPTY_FILTER, filterOf, SalesFilters, type PeriodFilter } from './SalesFilters';
import { useEntityPages } from './use-entity-pages';
import { useNames } from './use-names';

interface InvoiceRecord {
  key: string;
  licensee: string;
  period_start: string;
  period_end: string;
  amount: number;
  currency: string;
  due_date: string | null;
  state: string;
}

/** States of an invoice (DESIGN §6). */
const INVOICE_STATES = ['draft', 'submitted', 'approved', 'rejected', 'paid'] as const;

const STATE_VARIANT: Record<string, string> = {
  draft: 'secondary',
  submitted: 'info',
  approved: 'success',
  rejected: 'danger',
  paid: 'primary',
};

/** Invoices of every licensee: who, which period, how much, when due, and where each stands. */
export function HolderInvoiceView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const { lang } = useShell();
  const [filter, setFilter] = useState<PeriodFilter>(EMPTY_FILTER);
  const query = useMemo(
    () => ({
      filter: filterOf(filter, 'period_start'),
      sort: { period_start: -1 as const, dateCreated: -1 as const },
      limit: 20,
    }),
    [filter],
  );
  const invoices = useEntityPages<InvoiceRecord>('Invoice', query);
  const names = useNames(
    'Licensee',
    useMemo(() => invoices.items.map((i) => i.licensee), [invoices.items]),
  );
  const today = new Date().toISOString().slice(0, 10);

  return (
    <section data-testid="holder-invoice">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('invoice.intro')}</p>
      <SalesFilters value={filter} states={INVOICE_STATES} onChange={setFilter} showPeriod={false} testId="invoice-filter" />
      {!invoices.ready ? (
        <div className="py-4 text-center" role="status">
          <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
        </div>
      ) : invoices.failed && invoices.items.length === 0 ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : invoices.items.length === 0 ? (
        <p className="text-muted py-2" data-testid="invoice-empty">
          {filter.state ? t('invoice.noMatch') : t('invoice.empty')}
        </p>
      ) : (
        <Table responsive hover className="bg-white align-middle" data-testid="invoice-table">
          <thead>
            <tr>
              <th>{t('invoice.licensee')}</th>
              <th>{t('invoice.period')}</th>
              <th className="text-end">{t('invoice.amount')}</th>
              <th>{t('invoice.currency')}</th>
              <th>{t('invoice.due')}</th>
              <th>{t('invoice.state')}</th>
            </tr>
          </thead>
          <tbody>
            {invoices.items.map((row) => {
              const due = row.due_date ? formatDay(row.due_date) : null;
              const overdue = Boolean(due && due < today && !['paid', 'rejected'].includes(row.state));
              return (
                <tr key={row.key} data-testid="invoice-row" data-state={row.state}>
                  <td>{names.get(row.licensee) ?? row.licensee}</td>
                  <td className="text-nowrap">
                    {formatDay(row.period_start)} – {formatDay(row.period_end)}
                  </td>
                  <td className="text-end" data-testid="invoice-amount">
                    {formatMoney(row.amount, row.currency, lang)}
                  </td>
                  <td>{row.currency}</td>
                  <td className={overdue ? 'text-danger fw-semibold' : undefined}>
                    {due ?? '—'}
                    {overdue && <span className="ms-1 small">({t('invoice.overdue')})</span>}
                  </td>
                  <td>
                    <Badge bg={STATE_VARIANT[row.state] ?? 'secondary'}>{t(`flow:state.${row.state}`)}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {invoices.hasMore && (
        <Button variant="outline-secondary" size="sm" onClick={invoices.loadMore} disabled={invoices.loadingMore}>
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
