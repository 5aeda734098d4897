import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { formatMoney } from '@/lib/format/money';
import { MONEY_COLUMNS, type ChartId } from '@/lib/stats/chart-ids';
import { filterQuery, StatsError, useStatsChart, type Cell, type StatsChartData, type StatsFilter } from './api';
import { chartSpec } from './chart-specs';

// chart.js stays out of the page's first load: it arrives with the first chart, in the browser only.
const ChartCanvas = dynamic(() => import('./ChartCanvas'), {
  ssr: false,
  loading: () => <Spinner animation="border" size="sm" />,
});

const TRANSLATED: Record<string, string> = {
  state: 'flow:state',
  step: 'flow:state',
  subject: 'flow:subject',
  group: 'flow:group',
};

function StatsTableView({ data, lang }: { data: StatsChartData; lang: 'jp' | 'en' }) {
  const { t } = useTranslation(['stats', 'flow']);
  const count = new Intl.NumberFormat(lang === 'jp' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 1 });
  const cell = (column: string, value: Cell) => {
    if (value === null) return '—';
    if (MONEY_COLUMNS.includes(column)) return formatMoney(Number(value), data.currency, lang);
    if (typeof value === 'number') return count.format(value);
    return TRANSLATED[column] ? t(`${TRANSLATED[column]}.${value}`) : value;
  };
  return (
    <Table size="sm" striped responsive className="mb-0" data-testid={`stats-table-${data.chart}`}>
      <thead>
        <tr>
          {data.columns.map((c) => (
            <th key={c} className={typeof data.rows[0]?.[data.columns.indexOf(c)] === 'number' ? 'text-end' : undefined}>
              {t(`col.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.rows.map((row, i) => (
          <tr key={i}>
            {row.map((value, j) => (
              <td key={data.columns[j]} className={typeof value === 'number' ? 'text-end' : undefined}>
                {cell(data.columns[j]!, value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
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
        {data && asTable && <StatsTableView data={data} lang={lang} />}
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
