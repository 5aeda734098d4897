import { copyValue } from '../db/bulk-transaction';
import type { Checked } from './row-check';

/**
 * The columns of a sales row a COPY fills (the others take their defaults), in the order of its
 * line: first what every row of one product of one import shares, then the row's own values.
 */
export const SALES_COPY_COLUMNS = [
  'key',
  'license',
  'product',
  'licensee',
  'ip',
  'period_start',
  'period_end',
  'currency',
  'state',
  'report',
  'owner',
  'territory',
  'units',
  'gross_sales',
  'net_sales',
  'royalty',
] as const;

/**
 * Checked rows of one import as lines of COPY text (SALES_COPY_COLUMNS), the same values
 * salesRowOf gives a row. Ten of a line's sixteen values follow from the product alone, so they
 * are escaped and joined once per product, not once per row: a million-row file names a hundred
 * products. Remembers the licenses of the rows it wrote, for the report.
 */
export class SalesCopyLines {
  private readonly shared = new Map<string, string>();
  private readonly period: string;
  private readonly report: string;
  readonly licenses = new Set<string>();

  constructor(fixed: { start: Date; end: Date; report: string; owner: string }) {
    this.period = `${copyValue(fixed.start)}\t${copyValue(fixed.end)}`;
    this.report = `submitted\t${copyValue(fixed.report)}\t${copyValue(fixed.owner)}`;
  }

  private sharedOf(c: Checked): string {
    let text = this.shared.get(c.product.key);
    if (text === undefined) {
      const l = c.license;
      text = `\t${copyValue(l.key)}\t${copyValue(c.product.key)}\t${copyValue(l.licensee)}\t${copyValue(l.ip)}\t${this.period}\t${copyValue(l.currency)}\t${this.report}\t`;
      this.shared.set(c.product.key, text);
      this.licenses.add(l.key);
    }
    return text;
  }

  /** One row's line, newline included; `royalty` is royaltyOf(c.net, its license's rate). */
  line(key: string, c: Checked, royalty: number): string {
    return `${key}${this.sharedOf(c)}${copyValue(c.territory)}\t${c.units}\t${c.gross}\t${c.net}\t${royalty}\n`;
  }
}
