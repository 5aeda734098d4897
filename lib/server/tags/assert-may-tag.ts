import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { combine, mayWrite, readScope } from '../entities/policy';
import { viewerOf } from '../entities/viewer';
import type { TagTarget } from './tag-input';

/**
 * Holder staff tag anything; anyone else tags only a record they may change right now (a
 * designer's own secondary IP while it is a draft). A record the caller cannot read is "not found".
 */
export async function assertMayTag(db: Db, caller: Caller, target: TagTarget, key: string): Promise<void> {
  const viewer = await viewerOf(db, caller);
  if (viewer.holder) return;
  const [row] = (await db
    .select()
    .from(target.table)
    .where(combine(eq(target.key, key), readScope(target.def, viewer)) ?? and(eq(target.key, key)))
    .limit(1)) as Record<string, unknown>[];
  if (!row) throw new AppError('not_found', `${target.def.name} not found`);
  if (!mayWrite(target.def, viewer, row)) throw new AppError('forbidden', 'permission denied');
}
