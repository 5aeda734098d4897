import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { docs } from '../db/schema';
import { jsonObject } from '../common/json-object';
import { validateInput } from '../common/validate-input';
import { newKey } from '../keys';
import { assertMayWriteDocs, DOC_ID, docNameOf, docOf, MAX_DOC_BYTES, type Doc } from './doc-input';

/** Body of POST /api/doc/{name}. Without an id the server makes one. */
export const docCreateInput = z.object({ id: z.string().regex(DOC_ID).optional(), data: jsonObject(MAX_DOC_BYTES) }).strict();

export async function createDoc(db: Db, caller: Caller, name: unknown, body: unknown): Promise<Doc> {
  const collection = docNameOf(name);
  assertMayWriteDocs(caller);
  const input = validateInput(docCreateInput, body, caller.lang);
  const [row] = await db
    .insert(docs)
    .values({ name: collection, id: input.id ?? newKey(), data: input.data, owner: caller.sub })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw fieldError(
      caller.lang,
      { id: { message: { jp: 'このIDの文書はすでにあります。', en: 'A document with this id already exists.' } } },
      { conflict: true, message: 'document exists' },
    );
  }
  return docOf(row);
}
