import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { assertMayTag } from './assert-may-tag';
import { requireTag, tagChangeInput, targetOf, type TagChange } from './tag-input';

/** Removes tag `id` from a record with array_remove; a record without it is left as it is. */
export async function revokeTag(db: Db, caller: Caller, id: unknown, body: unknown): Promise<TagChange> {
  const tag = await requireTag(db, id);
  const input = validateInput(tagChangeInput, body, caller.lang);
  const t = targetOf(input.entity);
  await assertMayTag(db, caller, t, input.key);
  const [updated] = (await db
    .update(t.table)
    .set({
      tags: sql`array_remove(${t.tags}, ${tag}::text)`,
      version: sql`${t.version} + 1`,
      dateUpdated: new Date(),
    } as never)
    .where(and(eq(t.key, input.key), sql`${t.tags} @> array[${tag}::text]`))
    .returning({ tags: t.tags })) as { tags: string[] }[];
  if (updated) return { entity: input.entity, key: input.key, tags: updated.tags, changed: true };
  const [current] = (await db.select({ tags: t.tags }).from(t.table).where(eq(t.key, input.key)).limit(1)) as {
    tags: string[];
  }[];
  if (!current) throw new AppError('not_found', `${input.entity} not found`);
  return { entity: input.entity, key: input.key, tags: current.tags, changed: false };
}
