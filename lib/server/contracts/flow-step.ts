import type { Db } from '../db/client';
import { entities } from '../entities/definitions';
import type { Viewer } from '../entities/viewer';
import { afterState } from '../flow/after-state';
import { transition } from '../flow/engine';
import { enterState } from '../flow/enter-state';
import { actorFacts, defaultHolder } from '../flow/facts';
import { flowFor } from '../flow/overrides';
import { lockSubject, moveSubject } from '../flow/subject-row';
import { bindingForRecord } from '../flow/subjects';
import type { Audience } from '../flow/types';

type Row = Record<string, unknown>;

/**
 * One step of a license's flow inside the caller's transaction (what applyTransition does in its
 * own): who may is checked by the flow engine, the move is logged and the people concerned told.
 */
export async function licenseStepInTx(tx: Db, viewer: Viewer, key: string, action: string, data: Row = {}): Promise<Row> {
  const def = entities.License;
  const row = await lockSubject(tx, def, viewer, key);
  const binding = bindingForRecord('License', row)!;
  const holder = await defaultHolder(tx);
  const flow = flowFor(binding.subject, holder.config);
  const facts = await actorFacts(tx, viewer, holder, binding, row);
  const from = String(row.state);
  const step = transition(flow, from, action, facts);
  const moved = await moveSubject(tx, def, key, from, step.to);
  await afterState(tx, binding.subject, moved, step.to);
  const entered = await enterState(
    tx,
    flow,
    holder,
    binding,
    {
      subject: binding.subject,
      row: moved,
      action,
      from,
      to: step.to,
      actor: viewer.sub,
      data: { effects: step.effects ?? [], ...data },
    },
    step.notify,
  );
  return entered.row;
}

/**
 * The system sends a license back for signing: its terms changed after the licensee signed, so a
 * new contract revision replaces the signed one (a move outside the steps people take).
 */
export async function reopenForSigning(tx: Db, key: string, data: Row): Promise<void> {
  const def = entities.License;
  const system: Viewer = {
    sub: 'system',
    lang: 'jp',
    access: [],
    holder: true,
    admin: false,
    product: false,
    designerRole: false,
    licensees: [],
    licenseeAdmin: [],
    licenseeStaff: [],
    designers: [],
  };
  const row = await lockSubject(tx, def, system, key);
  const binding = bindingForRecord('License', row)!;
  const holder = await defaultHolder(tx);
  const flow = flowFor(binding.subject, holder.config);
  const from = String(row.state);
  const moved = await moveSubject(tx, def, key, from, 'contract_sent');
  await afterState(tx, binding.subject, moved, 'contract_sent');
  const audiences: Audience[] = ['owner', 'licensee'];
  await enterState(
    tx,
    flow,
    holder,
    binding,
    { subject: binding.subject, row: moved, action: 'revise_contract', from, to: 'contract_sent', actor: 'system', data },
    audiences,
  );
}
