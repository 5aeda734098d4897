import { desc, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { liquidApplications } from '../db/entities-schema';
import { users } from '../db/schema';
import type { LiquidApplication } from './apply-for-designer';
import { liquidQueryInput } from './inputs';
import { isLiquidStaff } from './staff';

/** An application with who filed it, for the reviewing screen. */
export type LiquidApplicationView = LiquidApplication & { applicant_email: string | null; applicant_name: string | null };

const LIST_LIMIT = 500;

function selectViews(db: Db) {
  return db
    .select({ application: liquidApplications, email: users.email, nickname: users.nickname })
    .from(liquidApplications)
    .leftJoin(users, eq(users.sub, liquidApplications.applicant));
}

function toView(row: { application: LiquidApplication; email: string | null; nickname: string | null }): LiquidApplicationView {
  return { ...row.application, applicant_email: row.email, applicant_name: row.nickname };
}

function notFound(): never {
  throw new AppError('not_found', 'application not found');
}

/**
 * GET /api/liquid/query/{id}:
 * - `mine`: the caller's latest application, or null when there is none;
 * - `all`: admin and product staff only, newest first, `?state=` keeps one state;
 * - an application key: its applicant or staff (anyone else: not found).
 */
export async function queryApplications(
  db: Db,
  caller: Caller,
  id: unknown,
  query: unknown,
): Promise<LiquidApplicationView | LiquidApplicationView[] | null> {
  if (typeof id !== 'string' || !id) notFound();
  if (id === 'mine') {
    const [row] = await selectViews(db)
      .where(eq(liquidApplications.applicant, caller.sub))
      .orderBy(desc(liquidApplications.dateCreated))
      .limit(1);
    return row ? toView(row) : null;
  }
  const staff = isLiquidStaff(caller);
  if (id === 'all') {
    if (!staff) throw new AppError('forbidden', 'permission denied');
    // Only `all` reads a state: for a key or `mine` the query is ignored, as it always was.
    const { state } = validateInput(liquidQueryInput, query, caller.lang);
    const base = selectViews(db);
    const rows = await (state ? base.where(eq(liquidApplications.state, state)) : base)
      .orderBy(desc(liquidApplications.dateCreated))
      .limit(LIST_LIMIT);
    return rows.map(toView);
  }
  const [row] = await selectViews(db).where(eq(liquidApplications.key, id)).limit(1);
  if (!row || (!staff && row.application.applicant !== caller.sub)) notFound();
  return toView(row);
}
