import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '../page/withPage';
import { SalesBill } from './SalesBill';
import { EMPTY_FILTER, filterOf, SalesFilters, type PeriodFilter } from './SalesFilters';
import { SalesRowsTable } from './SalesRowsTable';

/** States of a sales report (DESIGN §6). */
const SALES_STATES = ['submitted', 'approved', 'rejected', 'invoiced'] as const;

/** Sales data and the bill: royalties per licensee and period, then the reports behind them. */
export function HolderSalesView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-admin');
  const [filter, setFilter] = useState<PeriodFilter>(EMPTY_FILTER);
  const valid = !(filter.from && filter.to && filter.from > filter.to);
  const match = useMemo(() => (valid ? filterOf(filter, 'period_start') : null), [filter, valid]);
  const filtered = Boolean(filter.from || filter.to || filter.state);
  return (
    <section data-testid="holder-sales">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('sales.intro')}</p>
      <SalesFilters value={filter} states={SALES_STATES} onChange={setFilter} testId="sales-filter" />
      <h2 className="h5 mt-3">{t('sales.billTitle')}</h2>
      <SalesBill match={match} filtered={filtered} />
      <h2 className="h5 mt-4">{t('sales.rowsTitle')}</h2>
      <SalesRowsTable filter={match} filtered={filtered} />
    </section>
  );
}
