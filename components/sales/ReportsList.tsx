import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDay, formatMoney } from '@/components/flow/approval/subject';
import { useEntityPages } from '@/components/kit/table/use-entity-pages';
import { useNames } from '@/components/kit/format/use-names';
import { formatDateTime } from '@/lib/format/time';
import { useShell } from '@/lib/client/settings-context';
import type { ReportRecord } from './api';
import { Reference } from '@/components/refs/RecordSearch';

export const STATE_VARIANT: Record<string, string> = {
  submitted: 'secondary',
  approved: 'success',
  rejected: 'danger',
  invoiced: 'primary',
};

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

function ReportRows({ report }: { report: string }) {
  const { t } = useTranslation('sales');
  const { lang } = useShell();
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
  if (!rows.ready) return <Spinner animation="border" size="sm" role="status" />;
  return (
    <>
      <Table size="sm" className="mb-1 small" data-testid="sales-report-rows">
        <thead>
          <tr>
            <th>{t('rows.product')}</th>
            <th>{t('rows.license')}</th>
            <th>{t('rows.territory')}</th>
            <th className="text-end">{t('rows.units')}</th>
            <th className="text-end">{t('rows.gross')}</th>
            <th className="text-end">{t('rows.net')}</th>
            <th className="text-end">{t('rows.royalty')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.items.map((r) => (
            <tr key={r.key}>
              <td>{products.get(r.product) ?? '—'}</td>
              <td>
                <Reference value={licenses.get(r.license)} />
              </td>
              <td>{r.territory}</td>
              <td className="text-end">{r.units.toLocaleString()}</td>
              <td className="text-end">{formatMoney(r.gross_sales, r.currency, lang)}</td>
              <td className="text-end">{formatMoney(r.net_sales, r.currency, lang)}</td>
              <td className="text-end">{formatMoney(r.royalty, r.currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {rows.hasMore && (
        <Button size="sm" variant="link" onClick={rows.loadMore} disabled={rows.loadingMore}>
          {t('reports.more')}
        </Button>
      )}
    </>
  );
}

/** Royalty reports matching a filter, newest period first; each opens to show its rows. */
export function ReportsList({
  filter,
  q = '',
  showLicensee = false,
  version = 0,
}: {
  filter: Record<string, unknown> | null;
  /** A search by reference or by the names people quote (the query's `q`). */
  q?: string;
  showLicensee?: boolean;
  /** Bumped by the page after a report is sent, so the list reads afresh. */
  version?: number;
}) {
  const { t } = useTranslation(['sales', 'flow']);
  const { lang } = useShell();
  const [open, setOpen] = useState<string | null>(null);
  const reports = useEntityPages<ReportRecord>(
    'SalesReport',
    filter && { filter, ...(q ? { q } : {}), sort: { period_start: -1, dateCreated: -1 }, limit: 20 },
    version,
  );
  const orgs = useNames(
    'Licensee',
    useMemo(() => (showLicensee ? reports.items.map((r) => r.licensee) : []), [reports.items, showLicensee]),
  );
  const columns = showLicensee ? 9 : 8;
  if (!reports.ready) return <Spinner animation="border" size="sm" role="status" />;
  if (reports.failed && reports.items.length === 0) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  if (reports.items.length === 0)
    return (
      <p className="text-muted" data-testid="sales-reports-empty">
        {t('reports.empty')}
      </p>
    );
  return (
    <>
      <Table responsive size="sm" hover className="bg-white align-middle small" data-testid="sales-reports">
        <thead>
          <tr className="text-nowrap">
            <th>{t('reports.reference')}</th>
            <th>{t('reports.period')}</th>
            {showLicensee && <th>{t('reports.licensee')}</th>}
            <th className="text-end">{t('reports.rows')}</th>
            <th>{t('reports.totals')}</th>
            <th>{t('reports.source')}</th>
            <th>{t('reports.sent')}</th>
            <th>{t('reports.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {reports.items.map((r) => (
            <Fragment key={r.key}>
              <tr data-testid="sales-report" data-key={r.key}>
                <td>
                  <Reference value={r.reference} />
                </td>
                <td className="text-nowrap">
                  {formatDay(r.period_start)} – {formatDay(r.period_end)}
                </td>
                {showLicensee && <td>{orgs.get(r.licensee) ?? '—'}</td>}
                <td className="text-end">{r.row_count.toLocaleString()}</td>
                <td>
                  {Object.entries(r.totals).map(([currency, sum]) => (
                    <div key={currency} className="text-nowrap">
                      {formatMoney(sum.net_sales, currency, lang)} / {formatMoney(sum.royalty, currency, lang)}
                    </div>
                  ))}
                </td>
                <td>
                  {t(`reports.source_${r.source}`, { defaultValue: r.source })}
                  {r.file_name && (
                    <div className="text-muted text-truncate" style={{ maxWidth: 160 }}>
                      {r.file_name}
                    </div>
                  )}
                </td>
                <td className="text-nowrap">{formatDateTime(r.dateCreated, '').slice(0, 16)}</td>
                <td className="text-nowrap">
                  <Badge bg={STATE_VARIANT[r.state] ?? 'secondary'} data-testid="sales-report-state" data-state={r.state}>
                    {t(`flow:state.${r.state}`)}
                  </Badge>{' '}
                  {r.late && (
                    <Badge bg="warning" text="dark" data-testid="sales-report-late">
                      {t('reports.late')}
                    </Badge>
                  )}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => setOpen(open === r.key ? null : r.key)}
                    data-testid="sales-report-toggle"
                  >
                    {open === r.key ? t('reports.hideRows') : t('reports.showRows')}
                  </Button>
                </td>
              </tr>
              {open === r.key && (
                <tr>
                  <td colSpan={columns} className="bg-light">
                    <ReportRows report={r.key} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </Table>
      {reports.hasMore && (
        <Button variant="outline-secondary" size="sm" onClick={reports.loadMore} disabled={reports.loadingMore}>
          {t('reports.more')}
        </Button>
      )}
    </>
  );
}
