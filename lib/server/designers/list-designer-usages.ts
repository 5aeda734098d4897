import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usages } from '../db/entities-schema';
import { logWorkflow } from '../db/schema';
import type { Viewer } from '../entities/viewer';
import { designerForPrivateRead } from './designer-access';
import { ipNames } from './names';

/** Flow actions whose comment explains why a permit ended: the brand's refusal or a revocation. */
const REASON_ACTIONS = ['rejected', 'changes_requested', 'revoke'];

/**
 * GET /api/v1/Designer/usages/{id}: the usage permits of a designer (applied for by its owner or
 * filed under it), newest first, with the IP's name and, for refused or revoked ones, the reason.
 */
export async function listDesignerUsages(db: Db, viewer: Viewer, designerKey: string) {
  const designer = await designerForPrivateRead(db, viewer, designerKey);
  const mine = designer.owner
    ? or(eq(usages.applicant, designer.owner), eq(usages.designer, designer.key))
    : eq(usages.designer, designer.key);
  const rows = await db.select().from(usages).where(mine).orderBy(desc(usages.dateCreated)).limit(500);
  const ended = rows.filter((r) => r.state === 'rejected' || r.state === 'revoked').map((r) => r.key);
  const logs = ended.length
    ? await db
        .select({ key: logWorkflow.key, remarks: logWorkflow.remarks })
        .from(logWorkflow)
        .where(and(inArray(logWorkflow.key, ended), inArray(logWorkflow.action, REASON_ACTIONS), isNotNull(logWorkflow.remarks)))
        .orderBy(desc(logWorkflow.time))
    : [];
  const reasons = new Map<string, string>();
  for (const log of logs) if (log.key && log.remarks && !reasons.has(log.key)) reasons.set(log.key, log.remarks);
  const names = await ipNames(
    db,
    rows.map((r) => r.ip),
  );
  return rows.map((r) => ({
    ...r,
    ipName: names.get(r.ip) ?? null,
    reason: r.reason ?? reasons.get(r.key) ?? null,
  }));
}
