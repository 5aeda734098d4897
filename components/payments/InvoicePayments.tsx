import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { formatMoney } from '@/lib/format/money';
import { useShell } from '@/lib/client/settings-context';
import type { InvoiceBalance, PaymentLine } from './payments-api';
import { ReversePaymentForm } from './ReversePaymentForm';

/** The payments recorded against one invoice; finance reverses one recorded by mistake, with a reason. */
export function InvoicePayments({
  balance,
  mayRecord,
  onReversed,
}: {
  balance: InvoiceBalance;
  mayRecord: boolean;
  onReversed(payment: PaymentLine): void;
}) {
  const { t } = useTranslation('invoice');
  const { lang } = useShell();
  const [reversing, setReversing] = useState<string | null>(null);
  const money = (p: PaymentLine) => formatMoney(p.amount, balance.currency, lang);
  const columns = [
    column<PaymentLine>('reference', t('payments.payment'), (p) => p.reference, { kind: 'reference', hideable: false }),
    column<PaymentLine>(
      'received',
      t('payments.paidOn'),
      (p) => [p.paid_on, t(`payments.methods.${p.method}`), p.payer_reference].filter(Boolean).join(' · '),
      { hideable: false },
    ),
    column<PaymentLine>('amount', t('payments.paid'), (p) => p.amount, {
      kind: 'amount',
      currency: () => balance.currency,
      hideable: false,
      render: (p) => (p.state === 'reversed' ? <s>{money(p)}</s> : money(p)),
    }),
    column<PaymentLine>('state', t('payments.state'), (p) => p.reversal_reason ?? '', {
      hideable: false,
      render: (p) =>
        p.state === 'reversed' ? (
          <Badge bg="secondary">{t('payments.reversedBecause', { reason: p.reversal_reason ?? '' })}</Badge>
        ) : reversing === p.key ? (
          <ReversePaymentForm
            payment={p}
            onReversed={() => {
              setReversing(null);
              onReversed(p);
            }}
          />
        ) : null,
    }),
    ...(mayRecord
      ? [
          actionsColumn<PaymentLine>(t('payments.actions'), (p) =>
            p.state === 'recorded' && reversing !== p.key ? (
              <Button size="sm" variant="outline-danger" onClick={() => setReversing(p.key)} data-testid="reverse-payment">
                {t('payments.reverse')}
              </Button>
            ) : null,
          ),
        ]
      : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={balance.payments}
      lang={lang}
      caption={t('payments.paymentsOf', { invoice: balance.reference })}
      getRowId={(p) => p.key}
      rowProps={() => ({ 'data-testid': 'payment-row' })}
      empty={{ message: t('payments.noPayments') }}
    />
  );
}
