/** What one chart draws, independent of the charting library (built by the view, drawn by ChartCanvas). */
export interface ChartSpec {
  kind: 'bar' | 'doughnut';
  labels: string[];
  datasets: {
    label: string;
    data: number[];
    /** Drawn as a line over the bars, on the right-hand axis. */
    line?: boolean;
    stack?: string;
  }[];
  horizontal?: boolean;
  stacked?: boolean;
  /** Values are money in minor units of this currency (ticks and tooltips formatted so). */
  currency?: string;
  /**
   * Values are durations in one unit: the value axis is titled `axis`, and tooltips and the text
   * alternative write each value with `suffix` ("1.5営業日", "1.5 business days").
   */
  unit?: { axis: string; suffix: string };
  lang: 'jp' | 'en';
}

export const PALETTE = [
  '#0d6efd',
  '#fd7e14',
  '#20c997',
  '#dc3545',
  '#6f42c1',
  '#ffc107',
  '#0dcaf0',
  '#6c757d',
  '#198754',
  '#d63384',
];
