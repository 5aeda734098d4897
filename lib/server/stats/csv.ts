import type { Cell, StatsTable } from './queries';

/** Excel opens a UTF-8 file as such (Japanese names intact) only when it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV field: a text starting with = + - @ (or a tab / carriage return) would be run as a
 * formula by a spreadsheet, so it gets a leading apostrophe (CSV injection); quotes, commas and
 * line breaks are quoted. Numbers are written as they are (a negative amount stays a number).
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The table as CSV: BOM, a header row of column names, one line per row, CRLF line ends. */
export function tableToCsv(table: StatsTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvField).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
