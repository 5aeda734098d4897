import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { docs } from '../db/schema';
import { validateInput } from '../common/validate-input';
import { DOC_ID, docNameOf, docOf, type Doc } from './doc-input';

/** Query of GET /api/doc/{name}: at most 100 documents in id order; `cursor` is the `next` of the previous page. */
export const docListInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().regex(DOC_ID).optional(),
  })
  .strict();

export async function listDocs(
  db: Db,
  caller: Caller,
  name: unknown,
  query: Record<string, unknown>,
): Promise<{ items: Doc[]; next: string | null }> {
  const collection = docNameOf(name);
  const { name: _name, ...rest } = query;
  const input = validateInput(docListInput, rest, caller.lang);
  const limit = input.limit ?? 100;
  const rows = await db
    .select()
    .from(docs)
    .where(and(eq(docs.name, collection), input.cursor ? gt(docs.id, input.cursor) : undefined))
    .orderBy(asc(docs.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(docOf);
  return { items, next: rows.length > limit ? items[items.length - 1]!.id : null };
}
