import { useMemo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { formatDay, formatMoney } from '../../kit/format/money';
import { useEntityPages } from '../../kit/table/use-entity-pages';
import { useNames } from '../../kit/format/use-names';
import { Reference } from '@/components/refs/RecordSearch';

interface SalesRecord {
  key: string;
  license: string;
  product: string;
  licensee: string | null;
  period_start: string;
  period_end: string;
  territory: string;
  units: number;
  net_sales: number;
  royalty: number;
  currency: string;
  state: string;
}

const STATE_VARIANT: Record<string, string> = {
  submitted: 'secondary',
  approved: 'success',
  rejected: 'danger',
  invoiced: 'primary',
};

/** The Sales records behind the bill, newest period first, a page at a time. */
export function SalesRowsTable({ filter, filtered }: { filter: Record<string, unknown> | null; filtered: boolean }) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const { lang } = useShell();
  const sales = useEntityPages<SalesRecord>(
    'Sales',
    filter && { filter, sort: { period_start: -1, dateCreated: -1 }, limit: 20 },
  );
  const products = useNames(
    'Product',
    useMemo(() => sales.items.map((s) => s.product), [sales.items]),
  );
  const licensees = useNames(
    'Licensee',
    useMemo(() => sales.items.map((s) => s.licensee), [sales.items]),
  );

  // A license is known by its number and by the IP it licenses.
  const licenseKeys = useMemo(() => [...new Set(sales.items.map((s) => s.license))].sort(), [sales.items]);
  const licenses = useEntityQuery<{ key: string; ip: string; reference: string }>(
    'License',
    licenseKeys.length ? { filter: { key: { $in: licenseKeys } }, limit: Math.min(licenseKeys.length, 500) } : null,
  );
  const ipOfLicense = useMemo(() => new Map((licenses.data?.items ?? []).map((l) => [l.key, l.ip])), [licenses.data]);
  const referenceOfLicense = useMemo(
    () => new Map((licenses.data?.items ?? []).map((l) => [l.key, l.reference])),
    [licenses.data],
  );
  const ips = useNames(
    'IP',
    useMemo(() => [...ipOfLicense.values()], [ipOfLicense]),
  );

  if (!sales.ready) {
    return (
      <div className="py-3 text-center" role="status">
        <Spinner animation="border" size="sm" />
      </div>
    );
  }
  if (sales.failed && sales.items.length === 0) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  if (sales.items.length === 0) {
    return (
      <p className="text-muted" data-testid="sales-rows-empty">
        {filtered ? t('sales.noMatch') : t('sales.rowsEmpty')}
      </p>
    );
  }
  return (
    <>
      <Table responsive size="sm" hover className="bg-white align-middle small" data-testid="sales-rows">
        <thead>
          <tr className="text-nowrap">
            <th>{t('sales.period')}</th>
            <th>{t('sales.licensee')}</th>
            <th>{t('sales.license')}</th>
            <th>{t('sales.product')}</th>
            <th>{t('sales.territory')}</th>
            <th className="text-end">{t('sales.units')}</th>
            <th className="text-end">{t('sales.net')}</th>
            <th className="text-end">{t('sales.royalty')}</th>
            <th>{t('sales.state')}</th>
          </tr>
        </thead>
        <tbody>
          {sales.items.map((row) => (
            <tr key={row.key} data-testid="sales-row">
              <td className="text-nowrap">
                {formatDay(row.period_start)} – {formatDay(row.period_end)}
              </td>
              <td>{(row.licensee && licensees.get(row.licensee)) || '—'}</td>
              <td>
                <Reference value={referenceOfLicense.get(row.license)} /> {ips.get(ipOfLicense.get(row.license) ?? '') ?? ''}
              </td>
              <td>{products.get(row.product) ?? '—'}</td>
              <td>{row.territory}</td>
              <td className="text-end">{row.units.toLocaleString()}</td>
              <td className="text-end">{formatMoney(row.net_sales, row.currency, lang)}</td>
              <td className="text-end" data-testid="sales-row-royalty">
                {formatMoney(row.royalty, row.currency, lang)}
              </td>
              <td>
                <Badge bg={STATE_VARIANT[row.state] ?? 'secondary'}>{t(`flow:state.${row.state}`)}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {sales.hasMore && (
        <Button variant="outline-secondary" size="sm" onClick={sales.loadMore} disabled={sales.loadingMore}>
          {t('showMore')}
        </Button>
      )}
    </>
  );
}
