import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { docs } from '../db/schema';
import { assertMayWriteDocs, docIdOf, docNameOf } from './doc-input';

export async function deleteDoc(db: Db, caller: Caller, name: unknown, id: unknown): Promise<{ name: string; id: string }> {
  const collection = docNameOf(name);
  const key = docIdOf(id);
  assertMayWriteDocs(caller);
  const deleted = await db
    .delete(docs)
    .where(and(eq(docs.name, collection), eq(docs.id, key)))
    .returning({ id: docs.id });
  if (deleted.length === 0) throw new AppError('not_found', 'document not found');
  return { name: collection, id: key };
}
