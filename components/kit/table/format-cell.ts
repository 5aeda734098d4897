import { formatDateTime } from '@/lib/format/time';
import { formatDay, formatMoney, formatRate, type Lang } from '@/lib/format/money';
import { numberFormat } from '@/lib/format/intl-cache';

/** How a column's values read: one formatter for the cells on screen and the CSV export. */
export type CellKind = 'text' | 'reference' | 'amount' | 'rate' | 'date' | 'datetime' | 'number' | 'count';

export interface CellContext {
  lang: Lang;
  /** The currency of an amount: the row's own, unless the column fixes one. */
  currency?: string;
}

/** The text of one cell as people read it ('' when there is nothing). */
export function formatCell(kind: CellKind, value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'amount':
      return formatMoney(value, context.currency ?? 'JPY', context.lang);
    case 'rate':
      return formatRate(value, context.lang);
    case 'date': {
      const day = formatDay(value);
      return day === '—' ? '' : day;
    }
    case 'datetime':
      return formatDateTime(value, '');
    case 'number':
    case 'count':
      return typeof value === 'number' ? numberFormat(context.lang === 'jp' ? 'ja-JP' : 'en-US').format(value) : String(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

/** Amounts and counts line up on the right; everything else reads from the left. */
export function alignOf(kind: CellKind): 'end' | 'start' {
  return kind === 'amount' || kind === 'number' || kind === 'count' || kind === 'rate' ? 'end' : 'start';
}
