import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licenses, sales } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { defaultHolder } from '../flow/facts';
import { dueDay, dueDays, isLate, lastFullMonth, latestOverdueMonth } from '../sales/period';
import { HOME_ITEMS, type HomeItem, type HomeSection } from './types';
import { formatDay, formatPeriod } from '../naming/format';
import { nameRows } from '../naming/load-names';

interface Month {
  start: string;
  end: string;
}

/** Active licenses of the month with no report (of any state but rejected) covering it. */
async function unreported(db: Db, orgs: string[], month: Month) {
  const start = new Date(`${month.start}T00:00:00.000Z`);
  const end = new Date(`${month.end}T23:59:59.999Z`);
  const active = await db
    .select()
    .from(licenses)
    .where(
      and(
        inArray(licenses.licensee, orgs),
        eq(licenses.state, 'active'),
        lte(licenses.term_start, end),
        gte(licenses.term_end, start),
      ),
    );
  if (active.length === 0) return [];
  const reported = await db
    .selectDistinct({ license: sales.license })
    .from(sales)
    .where(
      and(
        inArray(
          sales.license,
          active.map((l) => l.key),
        ),
        ne(sales.state, 'rejected'),
        lte(sales.period_start, end),
        gte(sales.period_end, start),
      ),
    );
  const done = new Set(reported.map((r) => r.license));
  return active.filter((l) => !done.has(l.key));
}

/** Royalty reports of the caller's organisations that are late (past the due day) or due now. */
export async function reportsSection(db: Db, viewer: Viewer, now = new Date()): Promise<HomeSection | null> {
  // Reporting is a business step: an organisation's designer members do not report.
  if (viewer.licenseeStaff.length === 0) return null;
  const holder = await defaultHolder(db);
  const days = dueDays(holder.config);
  const late = latestOverdueMonth(now, days);
  const current = lastFullMonth(now);
  const lateRows = await unreported(db, viewer.licenseeStaff, late);
  const dueRows =
    isLate(current.end, days, now) || current.start === late.start ? [] : await unreported(db, viewer.licenseeStaff, current);
  const names = await nameRows(db, 'license', [...lateRows, ...dueRows], viewer.lang);
  const nameOf = new Map([...lateRows, ...dueRows].map((l, i) => [l.key, names[i]!.label]));
  const item = (l: { key: string }, month: Month, state: 'late' | 'due'): HomeItem => {
    const due = formatDay(`${dueDay(month.end, days)}T00:00:00.000Z`, viewer.lang);
    const period = formatPeriod(`${month.start}T00:00:00.000Z`, `${month.end}T00:00:00.000Z`, viewer.lang);
    return {
      label: `${nameOf.get(l.key) ?? ''} · ${period}${viewer.lang === 'jp' ? `（期限 ${due}）` : ` (due ${due})`}`,
      href: '/licensee/sales',
      kind: 'sales',
      state,
    };
  };
  const items = [...lateRows.map((l) => item(l, late, 'late')), ...dueRows.map((l) => item(l, current, 'due'))];
  return { id: 'reports', count: items.length, items: items.slice(0, HOME_ITEMS), href: '/licensee/sales' };
}
