import { useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { ApprovalQueueView } from '../../flow/approval/ApprovalQueueView';
import type { ScreenViewProps } from '../../kit/shell/withPage';
import { ReportsList } from '../ReportsList';
import { TotalsTable } from '../TotalsTable';
import { useEntityQuery } from '@/lib/client/entities';
import { ExchangeRates, type RateRequest } from '../../fx/ExchangeRates';
import { SalesBill } from './SalesBill';
import { EMPTY_FILTER, badRange, filterOf, SalesFilters, type PeriodFilter } from './SalesFilters';
import { SalesRowsTable } from './SalesRowsTable';
import { RecordSearch } from '@/components/refs/RecordSearch';

/** States of a sales report (DESIGN §6). */
const SALES_STATES = ['submitted', 'approved', 'rejected', 'invoiced'] as const;

/**
 * Royalty reports for the holder: cfl's approval queue of reports, every report (by organisation,
 * period and state) with its rows and totals, running totals per license, and the bill.
 */
export function HolderSalesView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['holder-admin', 'sales']);
  const [filter, setFilter] = useState<PeriodFilter>(EMPTY_FILTER);
  const [q, setQ] = useState('');
  const [tab, setTab] = useState<string>('approve');
  const [rateRequest, setRateRequest] = useState<RateRequest | null>(null);
  const router = useRouter();
  // A link from elsewhere (an invoice without a rate: ?rate=USD&month=2026-10) opens the rates tab on that currency and month.
  const linkedCurrency = typeof router.query.rate === 'string' ? router.query.rate : null;
  const linkedMonth = typeof router.query.month === 'string' ? router.query.month : null;
  const linked = linkedCurrency && linkedMonth ? `${linkedCurrency}-${linkedMonth}` : null;
  const [appliedLink, setAppliedLink] = useState<string | null>(null);
  // The query arrives after hydration: applied once per link, while rendering (no effect needed).
  if (linked && linked !== appliedLink) {
    setAppliedLink(linked);
    setRateRequest({ currency: linkedCurrency!, month: linkedMonth! });
    setTab('rates');
  }
  const orgs = useEntityQuery<{ key: string; name: string }>('Licensee', { sort: { name: 1 }, limit: 200 });
  const licensee = filter.licensee;
  const valid = !badRange(filter);
  const match = useMemo(
    () => (valid ? { ...filterOf(filter, 'period_start'), ...(licensee ? { licensee } : {}) } : null),
    [filter, valid, licensee],
  );
  const filtered = Boolean(filter.from || filter.to || filter.state || licensee);
  return (
    <section data-testid="holder-sales">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('sales.intro')}</p>
      <Tabs activeKey={tab} onSelect={(k) => setTab(k ?? 'approve')} className="mb-3" mountOnEnter>
        <Tab
          eventKey="approve"
          title={t('sales:holder.approvalTab')}
          tabAttrs={{ 'data-testid': 'holder-sales-tab-approve' } as object}
        >
          <ApprovalQueueView title={t('sales:holder.approvalTitle')} kind="reports" />
        </Tab>
        <Tab
          eventKey="reports"
          title={t('sales:holder.reportsTab')}
          tabAttrs={{ 'data-testid': 'holder-sales-tab-reports' } as object}
        >
          <SalesFilters
            value={filter}
            states={SALES_STATES}
            onChange={setFilter}
            licensees={orgs.data?.items ?? []}
            testId="sales-filter"
          />
          <RecordSearch onSearch={setQ} testId="sales-report-search" />
          <ReportsList filter={match} q={q} showLicensee />
        </Tab>
        <Tab
          eventKey="totals"
          title={t('sales:holder.totalsTab')}
          tabAttrs={{ 'data-testid': 'holder-sales-tab-totals' } as object}
        >
          <TotalsTable licensee={licensee || null} showLicensee />
        </Tab>
        <Tab eventKey="bill" title={t('sales:holder.billTab')} tabAttrs={{ 'data-testid': 'holder-sales-tab-bill' } as object}>
          <SalesFilters value={filter} states={SALES_STATES} onChange={setFilter} testId="bill-filter" />
          <h2 className="h5 mt-3">{t('sales.billTitle')}</h2>
          <SalesBill
            query={valid ? { from: filter.from || undefined, to: filter.to || undefined, licensee: licensee || undefined } : null}
            filtered={filtered}
            onRecordRate={(request) => {
              setRateRequest(request);
              setTab('rates');
            }}
          />
          <h2 className="h5 mt-4">{t('sales.rowsTitle')}</h2>
          <SalesRowsTable filter={match} filtered={filtered} />
        </Tab>
        <Tab eventKey="rates" title={t('sales:holder.ratesTab')} tabAttrs={{ 'data-testid': 'holder-sales-tab-rates' } as object}>
          {/* Keyed by the request so a link from the bill opens the form on that currency and month. */}
          <ExchangeRates key={rateRequest ? `${rateRequest.currency}-${rateRequest.month}` : 'rates'} request={rateRequest} />
        </Tab>
      </Tabs>
    </section>
  );
}
