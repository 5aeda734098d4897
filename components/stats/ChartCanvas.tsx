import * as charts from 'chart.js';
import type { ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { formatMoney } from '@/lib/format/money';
import { PALETTE, type ChartSpec } from './chart-spec';
import { numberFormat } from '@/lib/format/intl-cache';

// Only the parts these charts use, so the bundle carries no unused chart types.
charts.Chart.register(
  charts.ArcElement,
  charts.BarController,
  charts.BarElement,
  charts.CategoryScale,
  charts.DoughnutController,
  charts.Legend,
  charts.LinearScale,
  charts.LineController,
  charts.LineElement,
  charts.PointElement,
  charts.Tooltip,
);

function formatter(spec: ChartSpec): (value: number) => string {
  const plain = numberFormat(spec.lang === 'jp' ? 'ja-JP' : 'en-US', {
    maximumFractionDigits: spec.unit ? 2 : 1,
  });
  if (spec.currency) return (value) => formatMoney(value, spec.currency!, spec.lang);
  if (spec.unit) return (value) => `${plain.format(value)}${spec.unit!.suffix}`;
  return (value) => plain.format(value);
}

function plainTick(spec: ChartSpec, value: number): string {
  return numberFormat(spec.lang === 'jp' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 2 }).format(value);
}

/**
 * What the chart shows, as text for assistive technology: each series with its values by label
 * (the first points; the card's table view has them all).
 */
export function chartSummary(title: string, spec: ChartSpec, format: (value: number) => string): string {
  const shown = 12;
  const series = spec.datasets.map((d) => {
    const points = spec.labels.slice(0, shown).map((label, i) => `${label} ${format(d.data[i] ?? 0)}`);
    const more = spec.labels.length > shown ? ` (+${spec.labels.length - shown})` : '';
    return `${d.label}: ${points.join(', ')}${more}`;
  });
  // The unit is said once, after the title: durations read "in business days", not bare numbers.
  return [spec.unit ? `${title} (${spec.unit.axis})` : title, ...series].join('. ');
}

/** One chart.js chart; loaded only on the statistics page, in the browser (next/dynamic, ssr off). */
export default function ChartCanvas({ spec, title }: { spec: ChartSpec; title: string }) {
  const format = formatter(spec);
  const a11y = { role: 'img', 'aria-label': chartSummary(title, spec, format) };
  if (spec.kind === 'doughnut') {
    const data: ChartData<'doughnut'> = {
      labels: spec.labels,
      datasets: spec.datasets.map((d) => ({ label: d.label, data: d.data, backgroundColor: PALETTE })),
    };
    const options: ChartOptions<'doughnut'> = {
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { position: 'right' },
        tooltip: { callbacks: { label: (c) => `${c.label}: ${format(Number(c.raw))}` } },
      },
    };
    return <Chart type="doughnut" data={data} options={options} {...a11y} />;
  }
  const hasLine = spec.datasets.some((d) => d.line);
  const data: ChartData<'bar' | 'line', number[], string> = {
    labels: spec.labels,
    datasets: spec.datasets.map((d, i) =>
      d.line
        ? {
            type: 'line' as const,
            label: d.label,
            data: d.data,
            borderColor: PALETTE[i % PALETTE.length],
            backgroundColor: PALETTE[i % PALETTE.length],
            yAxisID: 'y1',
            tension: 0.2,
          }
        : {
            type: 'bar' as const,
            label: d.label,
            data: d.data,
            backgroundColor: PALETTE[i % PALETTE.length],
            stack: d.stack,
            maxBarThickness: 36,
          },
    ),
  };
  const valueAxis = spec.horizontal ? 'x' : 'y';
  // Money is whole minor units and decisions are counts: no ticks between integers (¥0.5 shown as ¥1).
  const precision = spec.currency || spec.stacked ? 0 : undefined;
  const options: ChartOptions<'bar'> = {
    maintainAspectRatio: false,
    animation: false,
    indexAxis: spec.horizontal ? 'y' : 'x',
    plugins: {
      legend: { display: spec.datasets.length > 1 },
      tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${format(Number(c.raw))}` } },
    },
    scales: {
      [valueAxis]: {
        stacked: spec.stacked,
        beginAtZero: true,
        // A duration axis is titled with its unit; its ticks stay bare numbers.
        title: spec.unit ? { display: true, text: spec.unit.axis } : undefined,
        ticks: { precision, callback: (v) => (spec.unit ? plainTick(spec, Number(v)) : format(Number(v))) },
      },
      [spec.horizontal ? 'y' : 'x']: { stacked: spec.stacked },
      ...(hasLine
        ? {
            y1: {
              position: 'right' as const,
              beginAtZero: true,
              grid: { drawOnChartArea: false },
              ticks: { precision, callback: (v: string | number) => format(Number(v)) },
            },
          }
        : {}),
    },
  };
  return <Chart type="bar" data={data} options={options as ChartOptions<'bar' | 'line'>} {...a11y} />;
}
