import { and, eq, gte, inArray, lte, ne, or } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { licenses, sales, salesReportReminders } from '../db/entities-schema';
import { notifications, userAccess } from '../db/schema';
import { languagesOf } from '../flow/audience';
import { defaultHolder } from '../flow/facts';
import { newKey } from '../keys';
import { nameRowBilingual } from '../naming/load-names';
import { renderNotice } from '../notify/notices';
import { dueDay, dueDays, latestOverdueMonth } from './period';

/**
 * Active licenses whose latest overdue calendar month (the last one whose due day has passed) has no report (rows of any state but rejected)
 * after its due day: the organisation's owners and admins are told, once per license and period.
 * The reminder row's unique index (license, period) makes replicas that run at once send one.
 */
export async function remindLateReports(db: Db, now = new Date()): Promise<number> {
  const holder = await defaultHolder(db);
  const days = dueDays(holder.config);
  const month = latestOverdueMonth(now, days);
  const due = dueDay(month.end, days);
  const start = new Date(`${month.start}T00:00:00.000Z`);
  const end = new Date(`${month.end}T00:00:00.000Z`);
  const active = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.state, 'active'), lte(licenses.term_start, end), gte(licenses.term_end, start)));
  if (active.length === 0) return 0;
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
        lte(sales.period_start, new Date(`${month.end}T23:59:59.999Z`)),
        gte(sales.period_end, start),
      ),
    );
  const done = new Set(reported.map((r) => r.license));
  const { aclClient } = getConfig();
  let sent = 0;
  for (const license of active.filter((l) => !done.has(l.key))) {
    const claimed = await db
      .insert(salesReportReminders)
      .values({ key: newKey(), license: license.key, licensee: license.licensee, period_start: start })
      .onConflictDoNothing()
      .returning({ key: salesReportReminders.key });
    if (claimed.length === 0) continue;
    const people = await db
      .select({ sub: userAccess.sub })
      .from(userAccess)
      .where(
        or(
          eq(userAccess.entry, `${aclClient}:owner:licensee:${license.licensee}`),
          eq(userAccess.entry, `${aclClient}:admin:licensee:${license.licensee}`),
        ),
      );
    const subs = [...new Set(people.map((p) => p.sub))];
    const langs = await languagesOf(db, subs);
    const names = await nameRowBilingual(db, 'license', license);
    const rows = subs.map((sub) => {
      const lang = langs.get(sub) ?? 'jp';
      const notice = renderNotice('sales.late', lang, { record: names[lang], periodStart: start, periodEnd: end, due });
      return { key: newKey(), target: sub, ...notice };
    });
    if (rows.length) await db.insert(notifications).values(rows);
    sent += rows.length;
  }
  return sent;
}
