import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { licenses, sales } from '../db/entities-schema';
import { dueDay, dueDays, isLate, lastFullMonth, latestOverdueMonth } from '../sales/period';
import { formatDay, formatPeriod } from '../naming/format';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomeItem, type HomePart } from './types';

interface Month {
  start: string;
  end: string;
}

/** Active licenses of the organisations in the month with no report (of any state but rejected) covering it. */
function unreportedJson(orgs: string[], month: Month) {
  const start = new Date(`${month.start}T00:00:00.000Z`);
  const end = new Date(`${month.end}T23:59:59.999Z`);
  const reported = sql`exists (select 1 from ${sales} where ${and(
    eq(sales.license, licenses.key),
    ne(sales.state, 'rejected'),
    lte(sales.period_start, end),
    gte(sales.period_end, start),
  )})`;
  return listedJson({
    table: licenses,
    where: and(
      inArray(licenses.licensee, orgs),
      eq(licenses.state, 'active'),
      lte(licenses.term_start, end),
      gte(licenses.term_end, start),
      sql`not ${reported}`,
    ),
    orderBy: [{ column: licenses.reference }],
    limit: HOME_ITEMS,
    kind: 'license',
  });
}

/** Royalty reports of the caller's organisations that are late (past the due day) or due now. */
export function reportsPart(ctx: HomeContext): HomePart<{ late: Listed; due: Listed | null }> | null {
  const { viewer, now } = ctx;
  // Reporting is a business step: an organisation's designer members do not report.
  if (viewer.licenseeStaff.length === 0) return null;
  const days = dueDays(ctx.holder.config);
  const late = latestOverdueMonth(now, days);
  const current = lastFullMonth(now);
  const askDue = !isLate(current.end, days, now) && current.start !== late.start;
  const item = (name: string, month: Month, state: 'late' | 'due'): HomeItem => {
    const due = formatDay(`${dueDay(month.end, days)}T00:00:00.000Z`, viewer.lang);
    const period = formatPeriod(`${month.start}T00:00:00.000Z`, `${month.end}T00:00:00.000Z`, viewer.lang);
    return {
      label: `${name} · ${period}${viewer.lang === 'jp' ? `（期限 ${due}）` : ` (due ${due})`}`,
      href: '/licensee/sales',
      kind: 'sales',
      state,
    };
  };
  return {
    id: 'reports',
    json: sql`json_build_object('late', ${unreportedJson(viewer.licenseeStaff, late)}, 'due', ${
      askDue ? unreportedJson(viewer.licenseeStaff, current) : sql`null::json`
    })`,
    finish: (answer) => {
      const items = [
        ...nameListed(answer.late, 'license', viewer.lang).map((name) => item(name.label, late, 'late')),
        ...(answer.due ? nameListed(answer.due, 'license', viewer.lang).map((name) => item(name.label, current, 'due')) : []),
      ];
      return {
        id: 'reports',
        count: answer.late.count + (answer.due?.count ?? 0),
        items: items.slice(0, HOME_ITEMS),
        href: '/licensee/sales',
      };
    },
  };
}
