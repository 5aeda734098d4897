import { useState, type ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { PagesTable, type MorePages } from '@/components/kit/table/PagesTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { periodColumn } from '@/components/kit/table/period-column';
import { OfferedStep } from '@/components/flow/OfferedStep';
import { FlowStateBadge } from '@/components/sales/FlowStateBadge';
import { useShell } from '@/lib/client/settings-context';
import { formatDay } from '@/lib/format/money';
import { InvoiceBreakdownTable } from './InvoiceBreakdownTable';
import { InvoiceInYen, useInvoicesInJpy } from './InvoiceInYen';
import {
  INVOICE_STATE_VARIANT,
  downloadWithToken,
  invoiceDetails,
  isOverdue,
  type InvoiceBreakdown,
  type InvoiceRecord,
} from './invoice-api';

export interface InvoiceTableProps {
  /** The invoices, a page at a time. */
  pages: MorePages<InvoiceRecord>;
  /** What to say when there are none. */
  empty: ReactNode;
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
  moreLabel: string;
}

/** Invoices with period, amount, tax, due date (overdue badge), translated state, and their actions. */
export function InvoiceTable({
  pages,
  empty,
  names,
  onSubmit,
  onMarkPaid,
  onDownloadFailed,
  busy,
  inYen,
  moreLabel,
}: InvoiceTableProps) {
  const { t } = useTranslation(['invoice', 'flow', 'holder-admin']);
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [open, setOpen] = useState<string | null>(null);
  const [details, setDetails] = useState<Record<string, InvoiceBreakdown>>({});
  const [downloading, setDownloading] = useState<string | null>(null);
  const items = pages.items;
  const foreign = Boolean(inYen) && items.some((i) => i.currency !== 'JPY');
  const converted = useInvoicesInJpy(items, foreign);

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

  const currency = (invoice: InvoiceRecord) => invoice.currency;
  const columns = [
    column<InvoiceRecord>('reference', t('list.reference'), (i) => i.reference, { kind: 'reference', hideable: false }),
    ...(names
      ? [column<InvoiceRecord>('organisation', t('list.organisation'), (i) => names.get(i.licensee) ?? '—', { sortable: true })]
      : []),
    periodColumn<InvoiceRecord>('period', t('list.period'), (i) => ({ start: i.period_start, end: i.period_end })),
    column<InvoiceRecord>('amount', t('list.amount'), (i) => i.amount, {
      kind: 'amount',
      currency,
      sortable: true,
      testId: 'invoice-amount',
    }),
    ...(foreign
      ? [
          column<InvoiceRecord>('inJpy', t('holder-admin:sales.inJpy'), (i) => converted?.get(i.key)?.jpy.amount ?? '', {
            kind: 'amount',
            currency: () => 'JPY',
            testId: 'invoice-in-jpy',
            render: (i) => <InvoiceInYen invoice={i} converted={converted} />,
          }),
        ]
      : []),
    column<InvoiceRecord>('tax', t('list.tax'), (i) => i.tax_lines.reduce((s, l) => s + l.amount, 0), {
      kind: 'amount',
      currency,
    }),
    column<InvoiceRecord>('dueDate', t('list.dueDate'), (i) => i.due_date ?? '', {
      kind: 'date',
      sortable: true,
      render: (i) => (
        <span className="text-nowrap">
          {i.due_date ? formatDay(i.due_date) : '—'}
          {isOverdue(i) && (
            <Badge bg="danger" className="ms-2" data-testid="invoice-overdue">
              {t('list.overdue')}
            </Badge>
          )}
        </span>
      ),
    }),
    column<InvoiceRecord>('state', t('list.state'), (i) => t(`flow:state.${i.state}`), {
      render: (i) => <FlowStateBadge state={i.state} variants={INVOICE_STATE_VARIANT} testId="invoice-state" />,
    }),
    actionsColumn<InvoiceRecord>(t('list.actions'), (invoice) => (
      <div className="d-flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => void toggle(invoice.key)}
          aria-expanded={open === invoice.key}
          data-testid="invoice-details"
        >
          {t('list.details')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void download(invoice)}
          disabled={downloading === invoice.key}
          data-testid="invoice-pdf"
        >
          {downloading === invoice.key && <Spinner animation="border" size="sm" className="me-1" />}
          {t('list.pdf')}
        </Button>
        {onSubmit && invoice.state === 'draft' && (
          <OfferedStep entity="Invoice" recordKey={invoice.key} state={invoice.state} action="submit">
            <Button size="sm" onClick={() => onSubmit(invoice)} disabled={busy === invoice.key} data-testid="invoice-submit">
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
      </div>
    )),
  ];

  return (
    <PagesTable
      pages={pages}
      more={moreLabel}
      columns={columns}
      caption={t('list.heading')}
      testId="invoice-table"
      rowProps={(i) => ({ 'data-testid': 'invoice-row', 'data-key': i.key, 'data-state': i.state })}
      renderExpanded={(i) =>
        open === i.key ? (
          <div data-testid="invoice-details-row">
            {details[i.key] ? <InvoiceBreakdownTable breakdown={details[i.key]!} /> : <Spinner animation="border" size="sm" />}
          </div>
        ) : null
      }
      empty={{ message: empty }}
      csvName="invoices.csv"
    />
  );
}
