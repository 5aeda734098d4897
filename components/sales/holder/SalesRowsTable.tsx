import { useMemo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useNames } from '@/components/kit/format/use-names';
import { PagesTable } from '@/components/kit/table/PagesTable';
import { column } from '@/components/kit/table/columns';
import { periodColumn } from '@/components/kit/table/period-column';
import { useEntityPages } from '@/components/kit/table/use-entity-pages';
import { keysQuery, useEntityQuery } from '@/lib/client/entities';
import { FlowStateBadge } from '../FlowStateBadge';
import { LicenseCell } from '../LicenseCell';

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

/** The Sales records behind the bill, newest period first, a page at a time. */
export function SalesRowsTable({ filter, filtered }: { filter: Record<string, unknown> | null; filtered: boolean }) {
  const { t } = useTranslation(['holder-admin', 'flow']);
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
  const licenses = useEntityQuery<{ key: string; ip: string; reference: string }>('License', keysQuery(licenseKeys));
  const licenseOf = useMemo(() => new Map((licenses.data?.items ?? []).map((l) => [l.key, l])), [licenses.data]);
  const ips = useNames(
    'IP',
    useMemo(() => [...licenseOf.values()].map((l) => l.ip), [licenseOf]),
  );
  const ipOf = (row: SalesRecord) => ips.get(licenseOf.get(row.license)?.ip ?? '');

  const currency = (row: SalesRecord) => row.currency;
  const columns = [
    periodColumn<SalesRecord>('period', t('sales.period'), (row) => ({ start: row.period_start, end: row.period_end })),
    column<SalesRecord>('licensee', t('sales.licensee'), (row) => (row.licensee && licensees.get(row.licensee)) || '—'),
    column<SalesRecord>(
      'license',
      t('sales.license'),
      (row) => [licenseOf.get(row.license)?.reference, ipOf(row)].filter(Boolean).join(' '),
      { render: (row) => <LicenseCell reference={licenseOf.get(row.license)?.reference} ip={ipOf(row)} /> },
    ),
    column<SalesRecord>('product', t('sales.product'), (row) => products.get(row.product) ?? '—'),
    column<SalesRecord>('territory', t('sales.territory'), (row) => row.territory),
    column<SalesRecord>('units', t('sales.units'), (row) => row.units, { kind: 'count', sortable: true }),
    column<SalesRecord>('net', t('sales.net'), (row) => row.net_sales, { kind: 'amount', currency }),
    column<SalesRecord>('royalty', t('sales.royalty'), (row) => row.royalty, {
      kind: 'amount',
      currency,
      testId: 'sales-row-royalty',
    }),
    column<SalesRecord>('state', t('sales.state'), (row) => t(`flow:state.${row.state}`), {
      render: (row) => <FlowStateBadge state={row.state} />,
    }),
  ];
  return (
    <PagesTable
      pages={sales}
      more={t('showMore')}
      columns={columns}
      caption={t('sales.rowsTitle')}
      testId="sales-rows"
      rowProps={() => ({ 'data-testid': 'sales-row' })}
      empty={{ message: filtered ? t('sales.noMatch') : t('sales.rowsEmpty') }}
      csvName="sales-rows.csv"
    />
  );
}
