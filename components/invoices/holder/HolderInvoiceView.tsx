import { useMemo, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { ApprovalQueueView } from '@/components/flow/approval/ApprovalQueueView';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { InvoiceTable } from '@/components/invoices/InvoiceTable';
import { PaymentsView } from '@/components/payments/PaymentsView';
import type { InvoiceRecord } from '@/components/invoices/invoice-api';
import { takeStep } from '@/lib/client/flow';
import type { ScreenViewProps } from '../../kit/shell/withPage';
import { EMPTY_FILTER, filterOf, SalesFilters, type PeriodFilter } from '../../sales/holder/SalesFilters';
import { useEntityPages } from '../../kit/table/use-entity-pages';
import { useNames } from '../../kit/format/use-names';
import { RecordSearch } from '@/components/refs/RecordSearch';

/** States of an invoice (DESIGN §6). */
const INVOICE_STATES = ['draft', 'submitted', 'approved', 'rejected', 'paid'] as const;

type Flash = { variant: 'success' | 'danger'; text: string } | null;

/**
 * Invoices of every licensee (who, which period, how much, tax, when due, where each stands, the
 * per-license breakdown and the PDF), marking approved ones paid; and, in a second tab, the
 * signed-in approver's queue of invoices to decide (cfl first, then boss).
 */
export function HolderInvoiceView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['holder-admin', 'invoice', 'flow']);
  const { data: session } = useSession();
  const token = session?.accessToken;
  const dialogs = useDialogs();
  const [tab, setTab] = useState<string>('invoices');
  const [filter, setFilter] = useState<PeriodFilter>(EMPTY_FILTER);
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState<string | null>(null);
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

  const markPaid = async (invoice: InvoiceRecord) => {
    if (!(await dialogs.confirm(t('invoice:list.markPaid'), t('invoice:list.markPaidConfirm')))) return;
    setBusy(invoice.key);
    const answer = await takeStep('Invoice', invoice.key, 'mark_paid', undefined, token);
    setBusy(null);
    setFlash(
      answer.status === 0
        ? { variant: 'success', text: t('invoice:list.paid') }
        : { variant: 'danger', text: answer.message ?? Object.values(answer.errors)[0] ?? t('invoice:loadFailed') },
    );
    await invoices.mutate();
  };

  return (
    <section data-testid="holder-invoice">
      <Tabs activeKey={tab} onSelect={(k) => setTab(k ?? 'invoices')} className="mb-3" mountOnEnter data-testid="invoice-tabs">
        <Tab eventKey="invoices" title={t('invoice:holder.tabInvoices')} tabAttrs={{ 'data-testid': 'tab-invoices' } as object}>
          <h1 className="h3">{title}</h1>
          <p className="text-muted">{t('invoice.intro')}</p>
          {flash && (
            <Alert variant={flash.variant} dismissible onClose={() => setFlash(null)} data-testid="invoice-flash">
              {flash.text}
            </Alert>
          )}
          <SalesFilters value={filter} states={INVOICE_STATES} onChange={setFilter} showPeriod={false} testId="invoice-filter" />
          <RecordSearch onSearch={setQ} testId="invoice-search" />
          {!invoices.ready ? (
            <div className="py-4 text-center" role="status">
              <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
            </div>
          ) : invoices.failed && invoices.items.length === 0 ? (
            <Alert variant="danger">{t('loadFailed')}</Alert>
          ) : invoices.items.length === 0 ? (
            <p className="text-muted py-2" data-testid="invoice-empty">
              {filter.state || q ? t('invoice.noMatch') : t('invoice.empty')}
            </p>
          ) : (
            <InvoiceTable
              items={invoices.items}
              names={names}
              inYen
              onMarkPaid={(i) => void markPaid(i)}
              onDownloadFailed={() => setFlash({ variant: 'danger', text: t('invoice:list.downloadFailed') })}
              busy={busy}
            />
          )}
          {invoices.hasMore && (
            <Button variant="outline-secondary" size="sm" onClick={invoices.loadMore} disabled={invoices.loadingMore}>
              {t('showMore')}
            </Button>
          )}
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
