import { and, desc, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig } from '../../config';
import { screens } from '../../screens';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { pageViewReportInput } from './report-input';
import { pageViews } from '../db/platform-schema';

/**
 * First-party page-view counts (SPEC §9 "A web analytics tag loads on every page", issue #22):
 * the browser reports which screen (its route pattern from lib/screens.ts, never the address with
 * its keys) in which language; the server adds one to that screen's count of the day. No cookie,
 * no person, no address, no device is stored, so nothing here is personal data.
 */

/** A view as the page reports it: a known screen and a language. */
export const pageViewInput = z
  .object({
    page: z
      .string()
      .max(100)
      .refine((page) => screens.has(page), { error: 'key' }),
    lang: z.enum(['jp', 'en']),
  })
  .strict();

/** The day a view counts for: the date in Japan (the platform's home), YYYY-MM-DD. */
export function viewDay(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10);
}

/** POST /api/analytics/view: one more view of a screen today; off when ANALYTICS_FIRST_PARTY=false. */
export async function countPageView(
  db: Db,
  caller: Caller | null,
  body: unknown,
  now = new Date(),
): Promise<{ counted: boolean }> {
  const { page, lang } = validateInput(pageViewInput, body, caller?.lang ?? 'jp');
  if (!getConfig().analyticsFirstParty) return { counted: false };
  await db
    .insert(pageViews)
    .values({ day: viewDay(now), page, lang, views: 1 })
    .onConflictDoUpdate({ target: [pageViews.day, pageViews.page, pageViews.lang], set: { views: sql`${pageViews.views} + 1` } });
  return { counted: true };
}

export { pageViewReportInput };

export interface PageViewReport {
  from: string;
  to: string;
  total: number;
  /** Every day of the period, oldest first, with its views (0 when none). */
  days: { day: string; views: number }[];
  /** Screens by views, most first, with the split by language. */
  pages: { page: string; title: string; views: number; jp: number; en: number }[];
}

/** GET /api/sys/analytics?days=: the counts of the last `days` days (Japan dates), for admins. */
export async function pageViewReport(db: Db, caller: Caller, query: unknown, now = new Date()): Promise<PageViewReport> {
  const { days } = validateInput(pageViewReportInput, query, caller.lang);
  const to = viewDay(now);
  const from = viewDay(new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000));
  const rows = await db
    .select({ day: pageViews.day, page: pageViews.page, lang: pageViews.lang, views: pageViews.views })
    .from(pageViews)
    .where(and(gte(pageViews.day, from), lte(pageViews.day, to)))
    .orderBy(desc(pageViews.views));
  const perDay = new Map<string, number>();
  const perPage = new Map<string, { jp: number; en: number }>();
  for (const row of rows) {
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.views);
    const counts = perPage.get(row.page) ?? { jp: 0, en: 0 };
    counts[row.lang === 'en' ? 'en' : 'jp'] += row.views;
    perPage.set(row.page, counts);
  }
  const dayList: PageViewReport['days'] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = viewDay(new Date(now.getTime() - i * 24 * 3600 * 1000));
    dayList.push({ day, views: perDay.get(day) ?? 0 });
  }
  const pages = [...perPage.entries()]
    .map(([page, counts]) => ({ page, title: screens.get(page)?.title ?? page, views: counts.jp + counts.en, ...counts }))
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
  return { from, to, total: pages.reduce((sum, p) => sum + p.views, 0), days: dayList, pages };
}
