import { useTranslation } from 'next-i18next/pages';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import type { LicenseBalance, LicenseeBalance } from '@/lib/server/payments/balances';
import { Overdue } from './Overdue';

/** One licensee's balance split per license, under its row. */
function LicenseBalances({ balance }: { balance: LicenseeBalance }) {
  const { t } = useTranslation('invoice');
  const { lang } = useShell();
  const currency = () => balance.currency;
  const columns = [
    column<LicenseBalance>(
      'license',
      t('payments.license'),
      (x) => (x.license ? [x.license_reference, x.ip_name].filter(Boolean).join(' · ') : t('payments.noLicense')),
      { hideable: false },
    ),
    column<LicenseBalance>('outstanding', t('payments.outstanding'), (x) => x.outstanding, {
      kind: 'amount',
      currency,
      hideable: false,
      testId: 'license-outstanding',
    }),
    column<LicenseBalance>('overdue', t('payments.overdue'), (x) => x.overdue, {
      kind: 'amount',
      currency,
      hideable: false,
      testId: 'license-overdue',
      render: (x) => <Overdue amount={x.overdue} days={x.oldest_overdue_days} currency={balance.currency} />,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      rows={balance.licenses}
      lang={lang}
      caption={t('payments.byLicenseOf', { name: balance.licensee_name })}
      getRowId={(x) => x.license ?? 'none'}
      rowProps={(x) => ({ 'data-testid': 'license-balance', 'data-reference': x.license_reference || undefined })}
      empty={{ message: t('payments.noLicense') }}
    />
  );
}

/** What each licensee still owes and how much of it is overdue, each split per license under it. */
export function LicenseeBalances({
  table,
}: {
  /** The rows, or none yet, and the failure with its retry (swrTableProps). */
  table: { rows: LicenseeBalance[] | undefined; error: boolean; onRetry(): void };
}) {
  const { t } = useTranslation('invoice');
  const { lang } = useShell();
  const currency = (l: LicenseeBalance) => l.currency;
  const columns = [
    column<LicenseeBalance>('licensee', t('payments.licensee'), (l) => l.licensee_name, { sortable: true }),
    column<LicenseeBalance>('outstanding', t('payments.outstanding'), (l) => l.outstanding, {
      kind: 'amount',
      currency,
      sortable: true,
      testId: 'licensee-outstanding',
    }),
    column<LicenseeBalance>('overdue', t('payments.overdue'), (l) => l.overdue, {
      kind: 'amount',
      currency,
      sortable: true,
      render: (l) => <Overdue amount={l.overdue} days={l.oldest_overdue_days} currency={l.currency} />,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      {...table}
      lang={lang}
      caption={t('payments.byLicensee')}
      testId="licensee-balances"
      getRowId={(l) => `${l.licensee}-${l.currency}`}
      rowProps={() => ({ 'data-testid': 'licensee-balance' })}
      renderExpanded={(l) => (l.licenses.length ? <LicenseBalances balance={l} /> : null)}
      empty={{ message: <span data-testid="payments-empty">{t('payments.empty')}</span> }}
      csvName="licensee-balances.csv"
      skeletonRows={3}
    />
  );
}
