import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { liquidApplications } from '../db/entities-schema';
import { userAccess } from '../db/schema';
import { logTransition, notifyTransition } from '../flow/record-events';
import { roleNames } from '../roles/role-lists';
import type { Tx } from '../common/tx';

type Application = typeof liquidApplications.$inferSelect;

/** Everyone who decides on applications: admins and the product role. */
async function liquidStaff(tx: Tx): Promise<string[]> {
  const { client, product } = roleNames();
  const rows = await tx
    .select({ sub: userAccess.sub })
    .from(userAccess)
    .where(inArray(userAccess.entry, [`${client}:admin`, `${client}:${product}`]));
  return [...new Set(rows.map((r) => r.sub))];
}

/**
 * LogWorkflow and notifications (in each person's language) for one move of an application:
 * the applicant hears of every move; staff hear of a new application, which waits for them.
 */
export async function recordLiquidMove(
  tx: Tx,
  move: { row: Application; action: string; from: string; to: string; actor: string; comment?: string },
): Promise<void> {
  const db = tx as unknown as Db;
  const event = {
    subject: 'liquid' as const,
    row: move.row as unknown as Record<string, unknown>,
    action: move.action,
    from: move.from,
    to: move.to,
    actor: move.actor,
    comment: move.comment,
    data: { applicant: move.row.applicant, designer: move.row.designer },
  };
  await logTransition(db, event);
  const reviewers = move.to === 'applied' ? (await liquidStaff(tx)).filter((s) => s !== move.row.applicant) : [];
  await notifyTransition(db, event, { reviewers, others: [move.row.applicant] }, reviewers.length ? ['holder'] : []);
}
