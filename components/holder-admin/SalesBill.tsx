import { Fragment, useMemo } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import useSWR from 'swr';
import { productApi } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import { formatDay, formatMoney } from './money';
import { useNames } from './use-names';

interface BillRow {
  _id: { licensee: string | null; period: string; currency: string };
  net: number;
  royalty: number;
  units: number;
  reports: number;
}

interface Totals {
  net: number;
  royalty: number;
  units: number;
  reports: number;
}

interface LicenseeBill {
  licensee: string;
  rows: BillRow[];
  /** Totals per currency: amounts in different currencies are never added together. */
  totals: Map<string, Totals>;
}

function addTo(map: Map<string, Totals>, currency: string, row: BillRow): void {
  const sum = map.get(currency) ?? { net: 0, royalty: 0, units: 0, reports: 0 };
  map.set(currency, {
    net: sum.net + row.net,
    royalty: sum.royalty + row.royalty,
    units: sum.units + row.units,
    reports: sum.reports + row.reports,
  });
}

/** Sums per licensee, period (its first day) and currency, computed by the server's aggregate. */
function useSalesBill(match: Record<string, unknown> | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const pipeline = match && [
    ...(Object.keys(match).length ? [{ $match: match }] : []),
    {
      $group: {
        _id: { licensee: '$licensee', period: '$period_start', currency: '$currency' },
        net: { $sum: '$net_sales' },
        royalty: { $sum: '$royalty' },
        units: { $sum: '$units' },
        reports: { $count: {} },
      },
    },
    { $sort: { _id: 1 } },
  ];
  return useSWR(pipeline && token ? ['sales-bill', JSON.stringify(pipeline), token] : null, async () => {
    const answer = await productApi<BillRow[]>('/v1/Sales/aggregate', { body: { pipeline }, token });
    return answer?.status === 0 ? answer.data : null;
  });
}

/** The bill: royalties per licensee and period, each licensee's total, and the total due. */
export function SalesBill({ match, filtered }: { match: Record<string, unknown> | null; filtered: boolean }) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  const bill = useSalesBill(match);
  const rows = useMemo(() => bill.data ?? [], [bill.data]);
  const names = useNames(
    'Licensee',
    useMemo(() => rows.map((r) => r._id.licensee), [rows]),
  );

  const { licensees, grand } = useMemo(() => {
    const byLicensee = new Map<string, LicenseeBill>();
    const all = new Map<string, Totals>();
    for (const row of rows) {
      const key = row._id.licensee ?? '';
      const entry: LicenseeBill = byLicensee.get(key) ?? { licensee: key, rows: [], totals: new Map() };
      entry.rows.push(row);
      addTo(entry.totals, row._id.currency, row);
      addTo(all, row._id.currency, row);
      byLicensee.set(key, entry);
    }
    return { licensees: [...byLicensee.values()], grand: all };
  }, [rows]);

  if (bill.isLoading) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
      </div>
    );
  }
  if (bill.data === null) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  if (licensees.length === 0) {
    return (
      <p className="text-muted py-2" data-testid="sales-bill-empty">
        {filtered ? t('sales.noMatch') : t('sales.empty')}
      </p>
    );
  }
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);
  return (
    <Table responsive className="bg-white align-middle" data-testid="sales-bill">
      <thead>
        <tr>
          <th>{t('sales.licensee')}</th>
          <th>{t('sales.periodStart')}</th>
          <th className="text-end">{t('sales.reports')}</th>
          <th className="text-end">{t('sales.units')}</th>
          <th className="text-end">{t('sales.net')}</th>
          <th className="text-end">{t('sales.royalty')}</th>
        </tr>
      </thead>
      <tbody>
        {licensees.map((entry) => {
          const name = names.get(entry.licensee) ?? (entry.licensee || t('sales.unknownLicensee'));
          return (
            <Fragment key={entry.licensee}>
              {entry.rows.map((row, i) => (
                <tr key={`${row._id.period}-${row._id.currency}`} data-testid="sales-bill-row">
                  <td>{i === 0 ? <span className="fw-semibold">{name}</span> : null}</td>
                  <td>{formatDay(row._id.period)}</td>
                  <td className="text-end">{row.reports}</td>
                  <td className="text-end">{row.units.toLocaleString()}</td>
                  <td className="text-end">{money(row.net, row._id.currency)}</td>
                  <td className="text-end">{money(row.royalty, row._id.currency)}</td>
                </tr>
              ))}
              {[...entry.totals.entries()].map(([currency, sum]) => (
                <tr
                  key={`total-${currency}`}
                  className="table-light fw-semibold"
                  data-testid="sales-bill-total"
                  data-licensee={entry.licensee}
                  data-currency={currency}
                >
                  <td>{t('sales.licenseeTotal', { name })}</td>
                  <td />
                  <td className="text-end">{sum.reports}</td>
                  <td className="text-end">{sum.units.toLocaleString()}</td>
                  <td className="text-end">{money(sum.net, currency)}</td>
                  <td className="text-end" data-testid="sales-bill-total-royalty">
                    {money(sum.royalty, currency)}
                  </td>
                </tr>
              ))}
            </Fragment>
          );
        })}
      </tbody>
      <tfoot>
        {[...grand.entries()].map(([currency, sum]) => (
          <tr key={currency} className="table-primary fw-bold" data-testid="sales-bill-grand" data-currency={currency}>
            <td colSpan={4}>{t('sales.grandTotal', { currency })}</td>
            <td className="text-end">{money(sum.net, currency)}</td>
            <td className="text-end">{money(sum.royalty, currency)}</td>
          </tr>
        ))}
      </tfoot>
    </Table>
  );
}
