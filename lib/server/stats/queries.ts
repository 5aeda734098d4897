import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { toJpy } from '../fx/convert';
import { rateKey, ratesFor } from '../fx/rates';
import { businessMinutesBetween } from '../flow/business-days';
import { defaultFlows } from '../flow/definitions';
import { monthIndex, monthAt, monthsOf, type StatsPeriod } from './period';

const DAY_MINUTES = 24 * 60;

export type Cell = string | number | null;

/** The table behind one chart: what the chart draws, the table toggle shows and the CSV holds. */
export interface StatsTable {
  columns: string[];
  rows: Cell[][];
}

type Row = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return (await db.execute(query)).rows as Row[];
}

const num = (value: unknown): number => Number(value ?? 0);
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Rows of sales_monthly in the period and currency (served by its primary key and month index). */
const inPeriod = (p: StatsPeriod) => sql`m.currency = ${p.currency} and m.month between ${p.from} and ${p.to}`;

/** Royalties and net sales per month of the period, months without sales as zero. */
export async function salesByMonth(db: Db, p: StatsPeriod): Promise<StatsTable> {
  const found = await rowsOf(
    db,
    sql`select m.month, sum(m.rows)::bigint as rows, sum(m.units)::bigint as units,
          sum(m.net_sales)::bigint as net_sales, sum(m.royalty)::bigint as royalty
        from sales_monthly m where ${inPeriod(p)} group by m.month`,
  );
  const byMonth = new Map(found.map((r) => [String(r.month), r]));
  const months = monthsOf(p);
  const table = {
    columns: ['month', 'currency', 'rows', 'units', 'net_sales', 'royalty'],
    rows: months.map((month): Cell[] => {
      const r = byMonth.get(month);
      return [month, p.currency, num(r?.rows), num(r?.units), num(r?.net_sales), num(r?.royalty)];
    }),
  };
  if (p.currency === 'JPY') return table;
  // Another currency: the month's recorded rate and the royalties in yen at it (null: no rate, never 1:1).
  const rates = await ratesFor(
    db,
    months.map((month) => ({ currency: p.currency, month })),
  );
  return {
    columns: [...table.columns, 'rate_micro', 'royalty_jpy'],
    rows: table.rows.map((row) => {
      const rate = rates.get(rateKey(p.currency, String(row[0]))) ?? null;
      return [...row, rate, rate === null ? null : toJpy(Number(row[5]), p.currency, rate)];
    }),
  };
}

/**
 * The top N of one roll-up column by royalty, named as people know them: licensees and designers
 * by name, IPs by reference and name. The table is what the chart, its table view and the CSV
 * export show, so it carries no keys; a record deleted since has a null name.
 */
async function topBy(db: Db, p: StatsPeriod, column: 'licensee' | 'ip' | 'designer'): Promise<StatsTable> {
  const names: Record<typeof column, SQL> = {
    licensee: sql`(select le.name from licensees le where le.key = t.key)`,
    ip: sql`(select i.name from ips i where i.key = t.key)`,
    designer: sql`(select d.creator_name from designers d where d.key = t.key)`,
  };
  const found = await rowsOf(
    db,
    sql`select t.key, ${names[column]} as name, ${column === 'ip' ? sql`(select i.reference from ips i where i.key = t.key)` : sql`null`} as reference, t.rows, t.units, t.net_sales, t.royalty from (
          select m.${sql.raw(column)} as key, sum(m.rows)::bigint as rows, sum(m.units)::bigint as units,
            sum(m.net_sales)::bigint as net_sales, sum(m.royalty)::bigint as royalty
          from sales_monthly m where ${inPeriod(p)} and m.${sql.raw(column)} is not null
          group by m.${sql.raw(column)}
          order by royalty desc, key
          limit ${p.limit}) t
        order by t.royalty desc, t.key`,
  );
  const referenced = column === 'ip';
  return {
    columns: [...(referenced ? ['reference'] : []), 'name', 'currency', 'rows', 'units', 'net_sales', 'royalty'],
    rows: found.map((r) => [
      ...(referenced ? [text(r.reference)] : []),
      text(r.name),
      p.currency,
      num(r.rows),
      num(r.units),
      num(r.net_sales),
      num(r.royalty),
    ]),
  };
}

export const topLicensees = (db: Db, p: StatsPeriod) => topBy(db, p, 'licensee');
export const topIps = (db: Db, p: StatsPeriod) => topBy(db, p, 'ip');
export const topDesigners = (db: Db, p: StatsPeriod) => topBy(db, p, 'designer');

const DECIDED = sql`('approved', 'approved_with_conditions', 'rejected', 'changes_requested')`;

/** Reviews decided in the period (a decision sets date_updated for the last time). */
function decidedIn(p: StatsPeriod): SQL {
  const start = new Date(`${p.from}-01T00:00:00.000Z`);
  const end = new Date(`${monthAt(monthIndex(p.to) + 1)}-01T00:00:00.000Z`);
  return sql`r.state in ${DECIDED} and r.date_updated >= ${start.toISOString()} and r.date_updated < ${end.toISOString()}`;
}

/** Approval throughput: decisions per month by outcome (approved includes approved with conditions). */
export async function reviewThroughput(db: Db, p: StatsPeriod): Promise<StatsTable> {
  const found = await rowsOf(
    db,
    sql`select to_char(r.date_updated at time zone 'UTC', 'YYYY-MM') as month, r.state, count(*)::int as n
        from reviews r where ${decidedIn(p)} group by 1, 2`,
  );
  const counts = new Map<string, { approved: number; rejected: number; changes_requested: number }>();
  for (const month of monthsOf(p)) counts.set(month, { approved: 0, rejected: 0, changes_requested: 0 });
  for (const r of found) {
    const entry = counts.get(String(r.month));
    if (!entry) continue;
    const state = String(r.state) === 'approved_with_conditions' ? 'approved' : (String(r.state) as keyof typeof entry);
    entry[state] += num(r.n);
  }
  return {
    columns: ['month', 'approved', 'rejected', 'changes_requested', 'total'],
    rows: [...counts].map(([month, c]) => [
      month,
      c.approved,
      c.rejected,
      c.changes_requested,
      c.approved + c.rejected + c.changes_requested,
    ]),
  };
}

const tenth = (value: number) => Math.round(value * 10) / 10;
const hundredth = (value: number) => Math.round(value * 100) / 100;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Time from a review's opening to its decision, per flow subject, step (state) and group: the
 * elapsed minutes (to a tenth, so a decision taken within the hour is not rounded to nothing) and
 * the business days (weekends and public holidays left out, by the deadline's own count, lib/server/flow/business-days),
 * median and mean. The chart shows them in the unit that fits (lib/stats/duration-unit.ts).
 */
export async function reviewTimes(db: Db, p: StatsPeriod): Promise<StatsTable> {
  const found = await rowsOf(
    db,
    sql`select r.subject_type as subject, r.step, r."group",
          extract(epoch from r.date_created) * 1000 as opened, extract(epoch from r.date_updated) * 1000 as decided
        from reviews r where ${decidedIn(p)}
        order by 1, 2, 3`,
  );
  const groups = new Map<string, { subject: string; step: string | null; group: string | null; took: [number, number][] }>();
  for (const r of found) {
    const id = JSON.stringify([r.subject, r.step, r.group]);
    const entry = groups.get(id) ?? { subject: String(r.subject), step: text(r.step), group: text(r.group), took: [] };
    const opened = new Date(Number(r.opened));
    const decided = new Date(Number(r.decided));
    entry.took.push([(decided.getTime() - opened.getTime()) / 60_000, businessMinutesBetween(opened, decided) / DAY_MINUTES]);
    groups.set(id, entry);
  }
  return {
    columns: [
      'subject',
      'step',
      'group',
      'decided',
      'median_minutes',
      'avg_minutes',
      'median_business_days',
      'avg_business_days',
    ],
    rows: [...groups.values()].map(({ subject, step, group, took }) => {
      const elapsed = took.map(([m]) => m);
      const business = took.map(([, d]) => d);
      return [
        subject,
        step,
        group,
        took.length,
        tenth(median(elapsed)),
        tenth(mean(elapsed)),
        hundredth(median(business)),
        hundredth(mean(business)),
      ];
    }),
  };
}

/** Licenses per state now (a snapshot: the period does not apply), in the order of the license flow. */
export async function licenseStates(db: Db): Promise<StatsTable> {
  const found = await rowsOf(db, sql`select l.state, count(*)::int as n from licenses l group by l.state`);
  const counts = new Map(found.map((r) => [String(r.state), num(r.n)]));
  const states = [...defaultFlows.license.states, ...[...counts.keys()].filter((s) => !defaultFlows.license.states.includes(s))];
  return { columns: ['state', 'count'], rows: states.map((state) => [state, counts.get(state) ?? 0]) };
}
