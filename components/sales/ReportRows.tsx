import { useMemo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useNames } from '@/components/kit/format/use-names';
import { PagesTable } from '@/components/kit/table/PagesTable';
import { column } from '@/components/kit/table/columns';
import { useEntityPages } from '@/components/kit/table/use-entity-pages';

interface SalesRow {
  key: string;
  license: string;
  product: string;
  territory: string;
  units: number;
  gross_sales: number;
  net_sales: number;
  royalty: number;
  currency: string;
}

/** The rows of one report, opened under it in the list of reports. */
export function ReportRows({ report }: { report: string }) {
  const { t } = useTranslation('sales');
  const rows = useEntityPages<SalesRow>('Sales', { filter: { report }, sort: { dateCreated: 1 }, limit: 50 });
  const products = useNames(
    'Product',
    useMemo(() => rows.items.map((r) => r.product), [rows.items]),
  );
  const licenses = useNames(
    'License',
    useMemo(() => rows.items.map((r) => r.license), [rows.items]),
    'reference',
  );
  const currency = (r: SalesRow) => r.currency;
  const columns = [
    column<SalesRow>('product', t('rows.product'), (r) => products.get(r.product) ?? '—', { hideable: false }),
    column<SalesRow>('license', t('rows.license'), (r) => licenses.get(r.license) ?? '', { kind: 'reference' }),
    column<SalesRow>('territory', t('rows.territory'), (r) => r.territory),
    column<SalesRow>('units', t('rows.units'), (r) => r.units, { kind: 'count' }),
    column<SalesRow>('gross', t('rows.gross'), (r) => r.gross_sales, { kind: 'amount', currency }),
    column<SalesRow>('net', t('rows.net'), (r) => r.net_sales, { kind: 'amount', currency }),
    column<SalesRow>('royalty', t('rows.royalty'), (r) => r.royalty, { kind: 'amount', currency }),
  ];
  return (
    <PagesTable
      pages={rows}
      more={t('reports.more')}
      columns={columns}
      caption={t('rows.caption')}
      testId="sales-report-rows"
      empty={{ message: t('rows.empty') }}
      skeletonRows={3}
    />
  );
}
