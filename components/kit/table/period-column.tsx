import { column } from './columns';
import { formatDay } from '@/lib/format/money';

/** A period (first – last day) as one column, the same on screen and in the CSV. */
export function periodColumn<T>(id: string, header: string, period: (row: T) => { start: string; end: string }) {
  return column<T>(
    id,
    header,
    (row) => {
      const { start, end } = period(row);
      return `${formatDay(start)} – ${formatDay(end)}`;
    },
    { sortable: true },
  );
}
