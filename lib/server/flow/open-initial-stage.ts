import type { Db } from '../db/client';
import type { EntityName } from '../entities/definitions';
import type { Viewer } from '../entities/viewer';
import { stageOf } from './engine';
import { enterState } from './enter-state';
import { defaultHolder } from './facts';
import { flowFor } from './overrides';
import { bindingForRecord } from './subjects';

type Row = Record<string, unknown>;

/** A record born into a review stage (a usage request, a sales report) opens its first round at once. */
export async function openInitialStage(tx: Db, viewer: Viewer, entity: EntityName, row: Row): Promise<void> {
  const binding = bindingForRecord(entity, row);
  if (!binding) return;
  const holder = await defaultHolder(tx);
  const flow = flowFor(binding.subject, holder.config);
  if (!stageOf(flow, String(row.state))) return;
  await enterState(
    tx,
    flow,
    holder,
    binding,
    { subject: binding.subject, row, action: 'create', from: '', to: String(row.state), actor: viewer.sub },
    [],
  );
}
