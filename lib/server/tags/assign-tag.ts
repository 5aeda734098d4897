import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { assertMayTag } from './assert-may-tag';
import { requireTag, tagChangeInput, targetOf, type TagChange } from './tag-input';

/** The most tags one record carries (the entities' `tags` rule). */
export const MAX_TAGS = 50;

/**
 * Adds tag `id` to a record: one UPDATE with array_append that only runs when the tag is not
 * there yet, so a second call changes nothing and never duplicates it.
 */
export async function assignTag(db: Db, caller: Caller, id: unknown, body: unknown): Promise<TagChange> {
  const tag = await requireTag(db, id);
  const input = validateInput(tagChangeInput, body, caller.lang);
  const t = targetOf(input.entity);
  await assertMayTag(db, caller, t, input.key);
  const [updated] = (await db
    .update(t.table)
    .set({
      tags: sql`array_append(${t.tags}, ${tag}::text)`,
      version: sql`${t.version} + 1`,
      dateUpdated: new Date(),
    } as never)
    .where(and(eq(t.key, input.key), sql`not (${t.tags} @> array[${tag}::text])`, sql`cardinality(${t.tags}) < ${MAX_TAGS}`))
    .returning({ tags: t.tags })) as { tags: string[] }[];
  if (updated) return { entity: input.entity, key: input.key, tags: updated.tags, changed: true };
  const [current] = (await db.select({ tags: t.tags }).from(t.table).where(eq(t.key, input.key)).limit(1)) as {
    tags: string[];
  }[];
  if (!current) throw new AppError('not_found', `${input.entity} not found`);
  if (current.tags.includes(tag)) return { entity: input.entity, key: input.key, tags: current.tags, changed: false };
  throw fieldError(caller.lang, {
    key: {
      code: 'tooMany',
      message: { jp: `タグは${MAX_TAGS}個までです。`, en: `A record carries at most ${MAX_TAGS} tags.` },
    },
  });
}
