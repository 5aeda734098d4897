import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { shortUris } from '../db/schema';
import { validateInput } from '../common/validate-input';

/** Short keys are 8 to 12 letters and digits (newKey(10) makes them). */
export const SHORT_KEY = /^[A-Za-z0-9]{8,12}$/;

/** Body of /api/core/shorturi/get. */
export const shorturiGetInput = z.object({ key: z.string().regex(SHORT_KEY) }).strict();

/** The stored address of a short key, counting the hit; undefined when there is none. */
export async function followShortUri(db: Db, key: unknown): Promise<string | undefined> {
  if (typeof key !== 'string' || !SHORT_KEY.test(key)) return undefined;
  const [row] = await db
    .update(shortUris)
    .set({ hits: sql`${shortUris.hits} + 1` })
    .where(eq(shortUris.key, key))
    .returning({ url: shortUris.url });
  return row?.url;
}

export async function getShortUri(db: Db, caller: Caller, body: unknown): Promise<{ key: string; url: string }> {
  const input = validateInput(shorturiGetInput, body, caller.lang);
  const url = await followShortUri(db, input.key);
  if (!url) throw new AppError('not_found', 'short uri not found');
  return { key: input.key, url };
}
