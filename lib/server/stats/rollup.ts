import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Report states whose sales rows count in the statistics (invoiced rows were approved first). */
export const COUNTED_STATES = ['approved', 'invoiced'] as const;

export function isCounted(state: string): boolean {
  return (COUNTED_STATES as readonly string[]).includes(state);
}

const counted = sql`('approved', 'invoiced')`;
/** The month a row counts in: the UTC calendar month its period starts in (periods are UTC days). */
const monthOf = sql`to_char(s.period_start at time zone 'UTC', 'YYYY-MM')`;

/**
 * The roll-up rows of the counted sales that `scope` keeps: one per month, license, product and
 * currency, with the licensee and IP of the row (else of its license) and the designer of the
 * license (else of its IP). The SELECT both the rebuild and the per-report recompute insert.
 */
function rollupSelect(scope: SQL): SQL {
  return sql`
    select ${monthOf} as month, s.license, s.product, s.currency,
      min(coalesce(s.licensee, l.licensee)) as licensee,
      min(coalesce(s.ip, l.ip)) as ip,
      min(coalesce(l.designer, i.designer)) as designer,
      count(*)::int as rows,
      coalesce(sum(s.units), 0)::bigint as units,
      coalesce(sum(s.net_sales), 0)::bigint as net_sales,
      coalesce(sum(s.royalty), 0)::bigint as royalty
    from sales s
    left join licenses l on l.key = s.license
    left join ips i on i.key = coalesce(s.ip, l.ip)
    where s.state in ${counted} and ${scope}
    group by 1, 2, 3, 4`;
}

const COLUMNS = sql`(month, license, product, currency, licensee, ip, designer, rows, units, net_sales, royalty)`;

type Group = { month: string; license: string; product: string; currency: string };

/** The first instant of a YYYY-MM month and of the month after it (UTC). */
function monthRange(months: string[]): { start: string; end: string } {
  const sorted = [...months].sort();
  const [y, m] = sorted[sorted.length - 1]!.split('-').map(Number) as [number, number];
  return { start: `${sorted[0]}-01T00:00:00.000Z`, end: new Date(Date.UTC(y, m, 1)).toISOString() };
}

/**
 * Recomputes, from the sales rows themselves, every roll-up group a report's rows fall in: the
 * rows of other reports in those groups stay counted, this report's rows count when its rows are
 * in a counted state. With `excludeReport` the report's own rows are left out (it is being
 * deleted). Recomputing rather than adding or subtracting keeps the table right even if it was
 * ever out of step. Reads go through the report and license indexes of sales.
 */
export async function recomputeReportGroups(tx: Db, report: string, options: { excludeReport?: boolean } = {}): Promise<number> {
  const found = await tx.execute(
    sql`select distinct ${monthOf} as month, s.license, s.product, s.currency from sales s where s.report = ${report}`,
  );
  const groups = found.rows as Group[];
  if (groups.length === 0) return 0;
  const list = sql.join(
    groups.map((g) => sql`(${g.month}, ${g.license}, ${g.product}, ${g.currency})`),
    sql`, `,
  );
  await tx.execute(sql`delete from sales_monthly m where (m.month, m.license, m.product, m.currency) in (${list})`);
  const licenses = sql.join(
    [...new Set(groups.map((g) => g.license))].map((l) => sql`${l}`),
    sql`, `,
  );
  const range = monthRange(groups.map((g) => g.month));
  const exclude = options.excludeReport ? sql`s.report is distinct from ${report}` : sql`true`;
  const inserted = await tx.execute(sql`
    insert into sales_monthly ${COLUMNS}
    ${rollupSelect(sql`${exclude} and s.license in (${licenses})
      and s.period_start >= ${range.start} and s.period_start < ${range.end}
      and (${monthOf}, s.license, s.product, s.currency) in (${list})`)}`);
  return Number((inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? groups.length);
}

/** Empties sales_monthly and fills it again from every counted sales row, in one transaction. */
export async function rebuildSalesMonthly(db: Db): Promise<{ groups: number; rows: number }> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    await tx.execute(sql`delete from sales_monthly`);
    await tx.execute(sql`insert into sales_monthly ${COLUMNS} ${rollupSelect(sql`true`)}`);
    const result = await tx.execute(
      sql`select count(*)::int as groups, coalesce(sum(rows), 0)::bigint as rows from sales_monthly`,
    );
    const row = (result.rows[0] ?? {}) as { groups?: number | string; rows?: number | string };
    return { groups: Number(row.groups ?? 0), rows: Number(row.rows ?? 0) };
  });
}
