import type { Db } from '../db/client';
import type { EntityName } from '../entities/definitions';
import { entities } from '../entities/definitions';
import { present } from '../entities/records';
import type { Viewer } from '../entities/viewer';
import { AppError } from '../api/errors';
import { transition } from './engine';
import { afterState } from './after-state';
import { enterState } from './enter-state';
import { toAppError } from './errors';
import { actorFacts, defaultHolder } from './facts';
import { flowFor } from './overrides';
import { lockSubject, moveSubject } from './subject-row';
import { bindingForRecord } from './subjects';

type Row = Record<string, unknown>;

export interface TransitionRequest {
  entity: EntityName;
  key: string;
  action: string;
  comment?: string;
}

/**
 * Takes one step of a record's flow in one transaction: check who may, move the state (only from
 * the state it was read in), open the review round of the new state, log and notify. A refusal
 * changes nothing and says why.
 */
export async function applyTransition(db: Db, viewer: Viewer, request: TransitionRequest): Promise<Row> {
  const def = entities[request.entity];
  try {
    return await db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
      const row = await lockSubject(tx, def, viewer, request.key);
      const binding = bindingForRecord(request.entity, row);
      if (!binding) throw new AppError('not_found', `${request.entity} has no flow`);
      const holder = await defaultHolder(tx);
      const flow = flowFor(binding.subject, holder.config);
      const facts = await actorFacts(tx, viewer, holder, binding, row);
      const from = String(row.state);
      const step = transition(flow, from, request.action, facts, request.comment);
      const moved = await moveSubject(tx, def, request.key, from, step.to);
      await afterState(tx, binding.subject, moved, step.to);
      const entered = await enterState(
        tx,
        flow,
        holder,
        binding,
        {
          subject: binding.subject,
          row: moved,
          action: step.action,
          from,
          to: step.to,
          actor: viewer.sub,
          comment: request.comment,
          data: { effects: step.effects ?? [] },
        },
        step.notify,
      );
      return present(def, viewer, entered.row);
    });
  } catch (err) {
    throw toAppError(err, viewer.lang);
  }
}
