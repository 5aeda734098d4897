import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Tx } from '../common/tx';
import { liquidApplications } from '../db/entities-schema';
import { actorMatches, FlowError, transition } from '../flow/engine';
import { flowFor } from '../flow/overrides';
import type { TransitionDef } from '../flow/types';
import type { LiquidApplication } from './apply-for-designer';
import { liquidMessages, wrongStateMessage } from './messages';
import { liquidFacts } from './staff';

/** The liquid flow's action that leads to each state a caller may ask for. */
const ACTION_TO: Record<string, string> = { reviewing: 'review', approved: 'approve', rejected: 'reject', issued: 'issue' };

/** Locks the application for this command; a caller who may not see it gets "not found". */
export async function lockApplication(tx: Tx, caller: Caller, id: unknown): Promise<LiquidApplication> {
  if (typeof id !== 'string' || !id) throw new AppError('not_found', 'application not found');
  const [row] = await tx.select().from(liquidApplications).where(eq(liquidApplications.key, id)).for('update');
  const facts = row && liquidFacts(caller, row.applicant);
  if (!row || (!facts!.isAdmin && !facts!.isProduct && !facts!.isOwner)) {
    throw new AppError('not_found', 'application not found');
  }
  return row;
}

/**
 * Checks one move of the liquid flow (lib/server/flow/definitions.ts `liquid`) and turns the
 * engine's refusal into the envelope: not staff → 3, wrong state or no comment → 5.
 */
export function checkLiquidMove(caller: Caller, row: LiquidApplication, to: string, comment?: string): TransitionDef {
  const action = ACTION_TO[to];
  if (!action) throw fieldError(caller.lang, { state: { message: liquidMessages.badState, code: 'choice' } });
  const flow = flowFor('liquid');
  const facts = liquidFacts(caller, row.applicant);
  // Who may take the step is told before whether the state allows it: a plain user hears "forbidden" either way.
  const steps = flow.transitions.filter((t) => t.action === action);
  if (!steps.some((t) => t.by.some((actor) => actorMatches(actor, facts)))) throw new AppError('forbidden', 'permission denied');
  try {
    return transition(flow, row.state, action, facts, comment);
  } catch (err) {
    if (!(err instanceof FlowError)) throw err;
    if (err.reason === 'not_allowed') throw new AppError('forbidden', 'permission denied');
    if (err.reason === 'comment_required') {
      throw fieldError(caller.lang, { comment: { message: liquidMessages.commentRequired, code: 'required' } });
    }
    const message = wrongStateMessage(row.state);
    throw fieldError(caller.lang, { state: { message } }, { message: message[caller.lang] });
  }
}

/** Moves the row only from the state it was read in; answers the moved row. */
export async function setApplicationState(
  tx: Tx,
  row: LiquidApplication,
  changes: Partial<Pick<LiquidApplication, 'state' | 'comment' | 'designer' | 'decided_by'>>,
): Promise<LiquidApplication> {
  const [moved] = await tx
    .update(liquidApplications)
    .set({ ...changes, dateUpdated: new Date(), version: row.version + 1 })
    .where(and(eq(liquidApplications.key, row.key), eq(liquidApplications.state, row.state)))
    .returning();
  if (!moved) throw new AppError('conflict', 'the application changed meanwhile');
  return moved;
}
