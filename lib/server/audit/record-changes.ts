import type { DbOrTx } from '../common/tx';
import type { EntityName } from '../entities/definitions';
import type { AdminLogAction } from './actions';
import { writeAdminLog } from './write-admin-log';

type Row = Record<string, unknown>;

/**
 * Records whose edits are administrative changes, logged with the fields before and after: an
 * organisation's profile and the holder's settings (Holder.config, one line per settings key).
 */
export const AUDITED_EDITS: Partial<Record<EntityName, AdminLogAction>> = {
  Licensee: 'licensee.profile',
  Holder: 'holder.settings',
};

// Bookkeeping, or evidence kept elsewhere (terms acceptance), not an edit of the profile.
const IGNORED = new Set(['key', 'version', 'dateCreated', 'dateUpdated', 'accepted_terms_version', 'owner']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ, settings maps spread into one entry per key (`config.sales.due_days`). */
export function changedFields(before: Row, after: Row): { before: Row; after: Row } {
  const was: Row = {};
  const now: Row = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED.has(field) || same(before[field], after[field])) continue;
    if (field === 'config') {
      const a = (before.config ?? {}) as Row;
      const b = (after.config ?? {}) as Row;
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (same(a[key], b[key])) continue;
        was[`config.${key}`] = a[key] ?? null;
        now[`config.${key}`] = b[key] ?? null;
      }
      continue;
    }
    was[field] = before[field] ?? null;
    now[field] = after[field] ?? null;
  }
  return { before: was, after: now };
}

/** Writes the admin log entry of an audited edit in the edit's transaction; nothing when nothing changed. */
export async function logRecordEdit(tx: DbOrTx, sub: string, entity: EntityName, before: Row, after: Row): Promise<void> {
  const action = AUDITED_EDITS[entity];
  if (!action) return;
  const changes = changedFields(before, after);
  if (Object.keys(changes.after).length === 0) return;
  const key = String(after.key);
  await writeAdminLog(tx, {
    sub,
    action,
    ref: key,
    data: { ...(entity === 'Licensee' ? { licensee: key } : { holder: key }), ...changes },
  });
}
