import { useMemo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useNames } from '@/components/kit/format/use-names';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { swrTableProps } from '@/components/kit/table/swr-table-props';
import { formatMoney, formatRate } from '@/lib/format/money';
import { useShell } from '@/lib/client/settings-context';
import { useLicenseTotals, type LicenseTotals } from './api';
import { LicenseCell } from './LicenseCell';

/** Running totals per license: earned, advance recouped and remaining, payable, MG progress. */
export function TotalsTable({ licensee, showLicensee = false }: { licensee?: string | null; showLicensee?: boolean }) {
  const { t } = useTranslation('sales');
  const { lang } = useShell();
  const totals = useLicenseTotals(licensee);
  const data = totals.data;
  const ips = useNames(
    'IP',
    useMemo(() => (data ?? []).map((l) => l.ip), [data]),
  );
  const orgs = useNames(
    'Licensee',
    useMemo(() => (showLicensee ? (data ?? []).map((l) => l.licensee) : []), [data, showLicensee]),
  );
  const currency = (l: LicenseTotals) => l.currency;
  const columns = [
    column<LicenseTotals>('license', t('totals.license'), (l) => [l.reference, ips.get(l.ip)].filter(Boolean).join(' '), {
      hideable: false,
      render: (l) => <LicenseCell reference={l.reference} ip={ips.get(l.ip)} />,
    }),
    ...(showLicensee ? [column<LicenseTotals>('licensee', t('filter.licensee'), (l) => orgs.get(l.licensee) ?? '—')] : []),
    column<LicenseTotals>('rate', t('totals.rate'), (l) => l.royalty_rate_bp, { kind: 'rate' }),
    column<LicenseTotals>('earned', t('totals.earned'), (l) => l.earned, {
      kind: 'amount',
      currency,
      testId: 'sales-totals-earned',
    }),
    column<LicenseTotals>('recouped', t('totals.recouped'), (l) => l.recouped, { kind: 'amount', currency }),
    column<LicenseTotals>('advanceRemaining', t('totals.advanceRemaining'), (l) => l.advanceRemaining, {
      kind: 'amount',
      currency,
    }),
    column<LicenseTotals>('payable', t('totals.payable'), (l) => l.payable, {
      kind: 'amount',
      currency,
      testId: 'sales-totals-payable',
    }),
    column<LicenseTotals>('mgProgress', t('totals.mgProgress'), (l) => formatRate(l.mgProgressBp, lang), {
      render: (l) => (
        <div style={{ minWidth: 160 }}>
          <ProgressBar
            now={l.mgProgressBp / 100}
            label={formatRate(l.mgProgressBp, lang)}
            aria-label={t('totals.mgProgress')}
            variant={l.mgProgressBp >= 10000 ? 'success' : 'info'}
            style={{ height: 18 }}
          />
          <div className="text-muted" style={{ fontSize: '0.75rem' }}>
            {t('totals.mg')}: {formatMoney(l.minimum_guarantee, l.currency, lang)}
          </div>
        </div>
      ),
    }),
  ];
  return (
    <>
      <DataTable
        columns={columns}
        {...swrTableProps(totals, (rows) => rows)}
        lang={lang}
        caption={t('totals.title')}
        testId="sales-totals"
        getRowId={(l) => l.license}
        rowProps={(l) => ({ 'data-testid': 'sales-totals-row', 'data-license': l.license })}
        empty={{ message: t('totals.empty') }}
        csvName="sales-totals.csv"
        skeletonRows={3}
      />
      <p className="text-muted small">{t('totals.help')}</p>
    </>
  );
}
