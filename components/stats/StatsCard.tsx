import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { MONEY_COLUMNS, type ChartId } from '@/lib/stats/chart-ids';
import { formatJpyRate, formatMoney } from '@/lib/format/money';
import { filterQuery, StatsError, useStatsChart, type Cell, type StatsChartData, type StatsFilter } from './api';
import { chartSpec } from './chart-specs';

// chart.js stays out of the page's first load: it arrives with the first chart, in the browser only.
const ChartCanvas = dynamic(() => import('./ChartCanvas'), { ssr: false, loading: () => <ChartLoading /> });

function ChartLoading() {
  const { t } = useTranslation('stats');
  return (
    <Spinner animation="border" size="sm" role="status">
      <span className="visually-hidden">{t('loading')}</span>
    </Spinner>
  );
}

const TRANSLATED: Record<string, string> = {
  state: 'flow:state',
  step: 'flow:state',
  subject: 'flow:subject',
  group: 'flow:group',
};

function StatsTableView({ data, lang, title }: { data: StatsChartData; lang: 'jp' | 'en'; title: string }) {
  const { t } = useTranslation(['stats', 'flow']);
  const columns = data.columns.map((name, j) =>
    column<Cell[]>(name, t(`col.${name}`), (row) => row[j], {
      kind: MONEY_COLUMNS.includes(name) ? 'amount' : typeof data.rows[0]?.[j] === 'number' ? 'number' : 'text',
      currency: () => data.currency,
      sortable: true,
      ...(TRANSLATED[name]
        ? { render: (row: Cell[]) => (row[j] === null ? '—' : t(`${TRANSLATED[name]}.${String(row[j])}`)) }
        : {}),
      // Converted figures: in yen at the month's recorded rate, or said to be missing (never 1:1).
      ...(name === 'royalty_jpy'
        ? { render: (row: Cell[]) => (row[j] === null ? t('rateMissing') : formatMoney(row[j], 'JPY', lang)) }
        : {}),
      ...(name === 'rate_micro'
        ? { render: (row: Cell[]) => (row[j] === null ? t('rateMissing') : formatJpyRate(row[j], lang)) }
        : {}),
    }),
  );
  return (
    <DataTable<Cell[]>
      columns={columns}
      rows={data.rows}
      lang={lang}
      caption={title}
      testId={`stats-table-${data.chart}`}
      empty={{ message: t('empty') }}
    />
  );
}

/** One chart of the statistics page: title, CSV link, chart or table, from one API table. */
export function StatsCard({ chart, filter, lang }: { chart: ChartId; filter: StatsFilter; lang: 'jp' | 'en' }) {
  const { t } = useTranslation(['stats', 'flow']);
  const [asTable, setAsTable] = useState(false);
  const { data, error, isLoading } = useStatsChart(chart, filter);
  const empty =
    data && data.rows.every((row) => row.every((v, j) => typeof v !== 'number' || v === 0 || data.columns[j] === 'month'));
  return (
    <Card className="h-100" data-testid={`stats-card-${chart}`}>
      <Card.Header className="d-flex align-items-start gap-2">
        <div className="me-auto">
          <h2 className="h6 mb-0">{t(`chart.${chart}.title`)}</h2>
          <small className="text-muted">{t(`chart.${chart}.desc`)}</small>
        </div>
        <Button
          size="sm"
          variant="outline-secondary"
          className="text-nowrap"
          onClick={() => setAsTable((v) => !v)}
          aria-pressed={asTable}
          data-testid={`stats-toggle-${chart}`}
        >
          {asTable ? t('showChart') : t('showTable')}
        </Button>
        <a
          className="btn btn-sm btn-outline-primary"
          href={`/api/stats/${chart}.csv?${filterQuery(filter)}`}
          download
          title={t('csvTitle')}
          data-testid={`stats-csv-${chart}`}
        >
          {t('csv')}
        </a>
      </Card.Header>
      <Card.Body>
        {isLoading && (
          <div className="text-muted small">
            <Spinner animation="border" size="sm" /> {t('loading')}
          </div>
        )}
        {error && !(error instanceof StatsError && error.errors) && <div className="text-danger small">{t('failed')}</div>}
        {data && asTable && <StatsTableView data={data} lang={lang} title={t(`chart.${chart}.title`)} />}
        {data && !asTable && (
          <>
            <div className="kit-chart" data-testid={`stats-chart-${chart}`}>
              <ChartCanvas spec={chartSpec(chart, data, t, lang)} title={t(`chart.${chart}.title`)} />
            </div>
            {empty && <div className="text-muted small mt-1">{t('empty')}</div>}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
