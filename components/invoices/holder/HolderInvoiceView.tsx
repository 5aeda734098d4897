import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { ApprovalQueueView } from '@/components/flow/approval/ApprovalQueueView';
import { useFlash } from '@/components/kit/dialogs/use-flash';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { InvoiceTable } from '@/components/invoices/InvoiceTable';
import { PaymentsView } from '@/components/payments/PaymentsView';
import type { InvoiceRecord } from '@/components/invoices/invoice-api';
import { useInvoiceStep } from '../use-invoice-step';
import type { ScreenViewProps } from '../../kit/shell/withPage';
import { EMPTY_FILTER, filterOf, SalesFilters, type PeriodFilter } from '../../sales/holder/SalesFilters';
import { useEntityPages } from '../../kit/table/use-entity-pages';
import { useNames } from '../../kit/format/use-names';
import { RecordSearch } from '@/components/refs/RecordSearch';

/** States of an invoice (DESIGN §6). */
const INVOICE_STATES = ['draft', 'submitted', 'approved', 'rejected', 'paid'] as const;

/**
 * Invoices of every licensee (who, which period, how much, tax, when due, where each stands, the
 * per-license breakdown and the PDF), marking approved ones paid; and, in a second tab, the
 * signed-in approver's queue of invoices to decide (cfl first, then boss).
 */
export function HolderInvoiceView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['holder-admin', 'invoice', 'flow']);
  const [tab, setTab] = useState<string>('invoices');
  const [filter, setFilter] = useState<PeriodFilter>(EMPTY_FILTER);
  const flash = useFlash();
  const [q, setQ] = useState('');
  const query = useMemo(
    () => ({
      filter: filterOf(filter, 'period_start'),
      ...(q ? { q } : {}),
      sort: { period_start: -1 as const, dateCreated: -1 as const },
      limit: 20,
    }),
    [filter, q],
  );
  const invoices = useEntityPages<InvoiceRecord>('Invoice', query);
  const names = useNames(
    'Licensee',
    useMemo(() => invoices.items.map((i) => i.licensee), [invoices.items]),
  );

  const step = useInvoiceStep(flash, invoices.mutate);
  const markPaid = (invoice: InvoiceRecord) =>
    step.run(invoice, 'mark_paid', {
      title: t('invoice:list.markPaid'),
      confirm: t('invoice:list.markPaidConfirm'),
      done: t('invoice:list.paid'),
      failed: t('invoice:loadFailed'),
    });

  return (
    <section data-testid="holder-invoice">
      <Tabs activeKey={tab} onSelect={(k) => setTab(k ?? 'invoices')} className="mb-3" mountOnEnter data-testid="invoice-tabs">
        <Tab eventKey="invoices" title={t('invoice:holder.tabInvoices')} tabAttrs={{ 'data-testid': 'tab-invoices' } as object}>
          <h1 className="h3">{title}</h1>
          <p className="text-muted">{t('invoice.intro')}</p>
          <FlashNotice flash={flash.flash} onClose={flash.clear} testId="invoice-flash" />
          <SalesFilters value={filter} states={INVOICE_STATES} onChange={setFilter} showPeriod={false} testId="invoice-filter" />
          <RecordSearch onSearch={setQ} testId="invoice-search" />
          <InvoiceTable
            pages={invoices}
            empty={<span data-testid="invoice-empty">{filter.state || q ? t('invoice.noMatch') : t('invoice.empty')}</span>}
            names={names}
            inYen
            onMarkPaid={(i) => void markPaid(i)}
            onDownloadFailed={() => flash.failed(t('invoice:list.downloadFailed'))}
            busy={step.busy}
            moreLabel={t('showMore')}
          />
        </Tab>
        <Tab eventKey="payments" title={t('invoice:payments.tab')} tabAttrs={{ 'data-testid': 'tab-payments' } as object}>
          <h1 className="h3">{t('invoice:payments.tab')}</h1>
          <PaymentsView />
        </Tab>
        <Tab eventKey="queue" title={t('invoice:holder.tabQueue')} tabAttrs={{ 'data-testid': 'tab-queue' } as object}>
          <ApprovalQueueView title={t('invoice:holder.tabQueue')} kind="invoices" />
        </Tab>
      </Tabs>
    </section>
  );
}
