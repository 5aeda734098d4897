import type { Db } from '../db/client';
import type { EntityName } from '../entities/definitions';
import type { Viewer } from '../entities/viewer';
import { actorFacts, defaultHolder } from '../flow/facts';
import { offeredActions } from '../flow/offered-actions';
import { flowFor } from '../flow/overrides';
import { bindingForRecord } from '../flow/subjects';

type Row = Record<string, unknown>;

/**
 * The rows on which the flow engine offers this person one of `actions`, with that step, oldest
 * first: the home lists exactly what the record's page would offer, never a step the server then
 * refuses.
 */
export async function rowsWithSteps<T extends Row>(
  db: Db,
  viewer: Viewer,
  entity: EntityName,
  rows: T[],
  actions: readonly string[],
): Promise<{ row: T; action: string }[]> {
  if (rows.length === 0) return [];
  const holder = await defaultHolder(db);
  const found: { row: T; action: string }[] = [];
  for (const row of rows) {
    const binding = bindingForRecord(entity, row);
    if (!binding) continue;
    const facts = await actorFacts(db, viewer, holder, binding, row);
    const offered = offeredActions(flowFor(binding.subject, holder.config), String(row.state), facts);
    const step = offered.find((o) => actions.includes(o.action));
    if (step) found.push({ row, action: step.action });
  }
  return found.sort((a, b) => updatedAt(a.row) - updatedAt(b.row));
}

function updatedAt(row: Row): number {
  const value = row.dateUpdated;
  return value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
}
