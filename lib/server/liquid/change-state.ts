import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import type { LiquidApplication } from './apply-for-designer';
import { recordLiquidMove } from './events';
import { liquidStateInput } from './inputs';
import { checkLiquidMove, lockApplication, setApplicationState } from './move-application';

/**
 * POST /api/liquid/state/{id} {state, comment?}: admin or product staff move an application
 * applied → reviewing → approved, or to rejected with a comment. Issuing has its own route.
 */
export async function changeApplicationState(db: Db, caller: Caller, id: unknown, body: unknown): Promise<LiquidApplication> {
  const input = validateInput(liquidStateInput, body, caller.lang);
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, caller, id);
    const step = checkLiquidMove(caller, row, input.state, input.comment);
    const moved = await setApplicationState(tx, row, {
      state: step.to,
      comment: input.comment || row.comment,
      decided_by: caller.sub,
    });
    await recordLiquidMove(tx, {
      row: moved,
      action: step.action,
      from: row.state,
      to: step.to,
      actor: caller.sub,
      comment: input.comment || undefined,
    });
    return moved;
  });
}
