import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { shortUris } from '../db/schema';
import { validateInput } from '../common/validate-input';
import { callerIn, forbidden } from '../roles/role-lists';
import { SHORT_KEY } from './resolve-short-uri';

/** Body of /api/core/shorturi/drop. */
export const shorturiDropInput = z.object({ key: z.string().regex(SHORT_KEY) }).strict();

/** Deletes a short URI: its owner or an administrator. */
export async function dropShortUri(db: Db, caller: Caller, body: unknown): Promise<{ key: string }> {
  const input = validateInput(shorturiDropInput, body, caller.lang);
  const [row] = await db.select({ owner: shortUris.owner }).from(shortUris).where(eq(shortUris.key, input.key)).limit(1);
  if (!row) throw new AppError('not_found', 'short uri not found');
  if (row.owner !== caller.sub && !callerIn(caller, 'system')) forbidden();
  await db.delete(shortUris).where(eq(shortUris.key, input.key));
  return { key: input.key };
}
