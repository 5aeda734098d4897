import { useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import useSWR from 'swr';
import { useFlash } from '@/components/kit/dialogs/use-flash';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { swrTableProps } from '@/components/kit/table/swr-table-props';
import { matchesSearch, RecordSearch } from '@/components/refs/RecordSearch';
import { api } from '@/lib/client/api';
import { formatMoney } from '@/lib/format/money';
import { useShell } from '@/lib/client/settings-context';
import { InvoicePayments } from './InvoicePayments';
import { LicenseeBalances } from './LicenseeBalances';
import { PaymentForm } from './PaymentForm';
import type { InvoiceBalance } from './payments-api';

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
  const { flash, done, clear } = useFlash();
  const data = balances.data ?? undefined;
  const retry = () => void balances.mutate();
  const mayRecord = Boolean(data?.may_record);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);

  const shownInvoices = data?.invoices.filter((b) =>
    matchesSearch(
      [b.reference, b.licensee_name, ...b.payments.flatMap((p) => [p.reference, p.payer_reference ?? ''])].join(' '),
      q,
    ),
  );
  const currency = (b: InvoiceBalance) => b.currency;
  const columns = [
    column<InvoiceBalance>('invoice', t('payments.invoice'), (b) => b.reference, { kind: 'reference', hideable: false }),
    column<InvoiceBalance>('licensee', t('payments.licensee'), (b) => b.licensee_name, { sortable: true }),
    column<InvoiceBalance>('amount', t('payments.amount'), (b) => b.amount, { kind: 'amount', currency }),
    column<InvoiceBalance>('paid', t('payments.paid'), (b) => b.paid, { kind: 'amount', currency }),
    column<InvoiceBalance>('outstanding', t('payments.outstanding'), (b) => b.outstanding, {
      kind: 'amount',
      currency,
      sortable: true,
      testId: 'invoice-outstanding',
      render: (b) => (
        <>
          {money(b.outstanding, b.currency)}{' '}
          {b.overdue_days > 0 && <Badge bg="danger">{t('payments.overdueDays', { count: b.overdue_days })}</Badge>}
          {b.outstanding === 0 && <Badge bg="success">{t('payments.settled')}</Badge>}
        </>
      ),
    }),
    column<InvoiceBalance>('due', t('payments.due'), (b) => b.due_date ?? '', { kind: 'date', sortable: true }),
    ...(mayRecord
      ? [
          actionsColumn<InvoiceBalance>(t('payments.actions'), (b) =>
            b.outstanding > 0 ? (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => setOpen(b.invoice)}
                aria-expanded={open === b.invoice}
                data-testid="record-payment"
              >
                {t('payments.record')}
              </Button>
            ) : null,
          ),
        ]
      : []),
  ];

  return (
    <section data-testid="payments">
      <p className="text-muted">{t(own ? 'payments.introOwn' : 'payments.intro')}</p>
      <FlashNotice flash={flash} onClose={clear} testId="payments-flash" />
      <h2 className="h5">{t('payments.byLicensee')}</h2>
      <LicenseeBalances table={swrTableProps(balances, (answer) => answer.licensees)} />
      {Boolean(data?.licensees.length) && <p className="small text-muted">{t('payments.byLicenseNote')}</p>}
      <h2 className="h5 mt-4">{t('payments.byInvoice')}</h2>
      <DataTable
        columns={columns}
        {...swrTableProps(balances, () => shownInvoices ?? [])}
        lang={lang}
        caption={t('payments.byInvoice')}
        testId="invoice-balances"
        getRowId={(b) => b.invoice}
        rowProps={(b) => ({ 'data-testid': 'invoice-balance', 'data-reference': b.reference })}
        renderExpanded={(b) =>
          open === b.invoice || b.payments.length ? (
            <div className="d-grid gap-2">
              {open === b.invoice && (
                <PaymentForm
                  balance={b}
                  onCancel={() => setOpen(null)}
                  onRecorded={(answer) => {
                    done(
                      t('payments.recorded', {
                        reference: answer.data?.payment?.reference ?? '',
                        invoice: b.reference,
                        outstanding: money(answer.data?.outstanding ?? 0, b.currency),
                      }),
                    );
                    setOpen(null);
                    retry();
                  }}
                />
              )}
              {b.payments.length > 0 && (
                <InvoicePayments
                  balance={b}
                  mayRecord={mayRecord}
                  onReversed={(p) => {
                    done(t('payments.reversedDone', { reference: p.reference }));
                    retry();
                  }}
                />
              )}
            </div>
          ) : null
        }
        empty={{
          message: q ? <span data-testid="payments-no-match">{tc('search.none')}</span> : t('payments.empty'),
        }}
        toolbar={<RecordSearch onSearch={setQ} testId="payments-search" />}
        csvName="invoice-balances.csv"
      />
    </section>
  );
}
