import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useNames } from '@/components/kit/format/use-names';
import { PagesTable } from '@/components/kit/table/PagesTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { periodColumn } from '@/components/kit/table/period-column';
import { useEntityPages } from '@/components/kit/table/use-entity-pages';
import { formatMoney } from '@/lib/format/money';
import { useShell } from '@/lib/client/settings-context';
import type { ReportRecord } from './api';
import { FlowStateBadge } from './FlowStateBadge';
import { ReportRows } from './ReportRows';

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
  const totals = (r: ReportRecord) =>
    Object.entries(r.totals).map(
      ([currency, sum]) => `${formatMoney(sum.net_sales, currency, lang)} / ${formatMoney(sum.royalty, currency, lang)}`,
    );
  const columns = [
    column<ReportRecord>('reference', t('reports.reference'), (r) => r.reference, { kind: 'reference', hideable: false }),
    periodColumn<ReportRecord>('period', t('reports.period'), (r) => ({ start: r.period_start, end: r.period_end })),
    ...(showLicensee ? [column<ReportRecord>('licensee', t('reports.licensee'), (r) => orgs.get(r.licensee) ?? '—')] : []),
    column<ReportRecord>('rows', t('reports.rows'), (r) => r.row_count, { kind: 'count', sortable: true }),
    column<ReportRecord>('totals', t('reports.totals'), (r) => totals(r).join('; '), {
      render: (r) =>
        totals(r).map((line) => (
          <div key={line} className="text-nowrap">
            {line}
          </div>
        )),
    }),
    column<ReportRecord>(
      'source',
      t('reports.source'),
      (r) => [t(`reports.source_${r.source}`, { defaultValue: r.source }), r.file_name].filter(Boolean).join(' '),
      {
        render: (r) => (
          <>
            {t(`reports.source_${r.source}`, { defaultValue: r.source })}
            {r.file_name && (
              <div className="text-muted text-truncate" style={{ maxWidth: 160 }}>
                {r.file_name}
              </div>
            )}
          </>
        ),
      },
    ),
    column<ReportRecord>('sent', t('reports.sent'), (r) => r.dateCreated, { kind: 'datetime', sortable: true }),
    column<ReportRecord>('state', t('reports.state'), (r) => t(`flow:state.${r.state}`), {
      render: (r) => (
        <span className="text-nowrap">
          <FlowStateBadge state={r.state} testId="sales-report-state" />{' '}
          {r.late && (
            <Badge bg="warning" text="dark" data-testid="sales-report-late">
              {t('reports.late')}
            </Badge>
          )}
        </span>
      ),
    }),
    actionsColumn<ReportRecord>(t('reports.actions'), (r) => (
      <Button
        size="sm"
        variant="outline-secondary"
        onClick={() => setOpen(open === r.key ? null : r.key)}
        aria-expanded={open === r.key}
        data-testid="sales-report-toggle"
      >
        {open === r.key ? t('reports.hideRows') : t('reports.showRows')}
      </Button>
    )),
  ];
  return (
    <PagesTable
      pages={reports}
      more={t('reports.more')}
      columns={columns}
      caption={t('reports.title')}
      testId="sales-reports"
      rowProps={(r) => ({ 'data-testid': 'sales-report', 'data-key': r.key })}
      renderExpanded={(r) => (open === r.key ? <ReportRows report={r.key} /> : null)}
      empty={{
        message: q ? t('reports.noMatch') : showLicensee ? t('reports.emptyHolder') : t('reports.empty'),
      }}
      csvName="sales-reports.csv"
    />
  );
}
