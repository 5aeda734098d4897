import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { docs } from '../db/schema';
import { jsonObject } from '../common/json-object';
import { validateInput } from '../common/validate-input';
import { validationMessage } from '../../validation/messages';
import { assertMayWriteDocs, docIdOf, docNameOf, docOf, MAX_DOC_BYTES, type Doc } from './doc-input';

/** Body of PUT /api/doc/{name}/{id}: the new data and, for optimistic locking, the version it was read at. */
export const docReplaceInput = z
  .object({ data: jsonObject(MAX_DOC_BYTES), version: z.number().int().min(1).optional() })
  .strict();

/** Replaces a document's data; a stale `version` is refused with 409 (status 5, a `version` error). */
export async function replaceDoc(db: Db, caller: Caller, name: unknown, id: unknown, body: unknown): Promise<Doc> {
  const collection = docNameOf(name);
  const key = docIdOf(id);
  assertMayWriteDocs(caller);
  const input = validateInput(docReplaceInput, body, caller.lang);
  const conditions: SQL[] = [eq(docs.name, collection), eq(docs.id, key)];
  if (input.version !== undefined) conditions.push(eq(docs.version, input.version));
  const [row] = await db
    .update(docs)
    .set({ data: input.data, version: sql`${docs.version} + 1`, dateUpdated: new Date() })
    .where(and(...conditions))
    .returning();
  if (row) return docOf(row);
  const [exists] = await db
    .select({ version: docs.version })
    .from(docs)
    .where(and(eq(docs.name, collection), eq(docs.id, key)))
    .limit(1);
  if (!exists) throw new AppError('not_found', 'document not found');
  throw fieldError(
    caller.lang,
    {
      version: {
        code: 'version',
        message: { jp: validationMessage({ code: 'version' }, 'jp'), en: validationMessage({ code: 'version' }, 'en') },
      },
    },
    { conflict: true, message: 'version conflict', extra: { version: exists.version } },
  );
}
