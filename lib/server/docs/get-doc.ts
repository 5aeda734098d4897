import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { docs } from '../db/schema';
import { docIdOf, docNameOf, docOf, type Doc } from './doc-input';

export async function getDoc(db: Db, _caller: Caller, name: unknown, id: unknown): Promise<Doc> {
  const collection = docNameOf(name);
  const key = docIdOf(id);
  const [row] = await db
    .select()
    .from(docs)
    .where(and(eq(docs.name, collection), eq(docs.id, key)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'document not found');
  return docOf(row);
}
