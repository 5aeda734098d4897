import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { docs } from '../db/schema';
import { jsonObject } from '../common/json-object';
import { validateInput } from '../common/validate-input';
import { docNameOf, docOf, type Doc } from './doc-input';

/** Body of POST /api/doc/{name}/search: documents whose data contains `match` (jsonb @>). */
export const docSearchInput = z.object({ match: jsonObject(10_000) }).strict();

export async function searchDocs(db: Db, caller: Caller, name: unknown, body: unknown): Promise<{ items: Doc[] }> {
  const collection = docNameOf(name);
  const input = validateInput(docSearchInput, body, caller.lang);
  const rows = await db
    .select()
    .from(docs)
    .where(and(eq(docs.name, collection), sql`${docs.data} @> ${JSON.stringify(input.match)}::jsonb`))
    .orderBy(asc(docs.id))
    .limit(100);
  return { items: rows.map(docOf) };
}
