import { z } from 'zod';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { shortUris } from '../db/schema';
import { validateInput } from '../common/validate-input';
import { newKey } from '../keys';

/** Body of /api/core/shorturi/new. */
export const shorturiNewInput = z.object({ url: z.string().trim().min(1).max(2048) }).strict();

export interface ShortUri {
  key: string;
  url: string;
  short: string;
}

/**
 * The address to store when `url` stays on this site, else null: a path starting with a single
 * `/`, or an http(s) address whose origin is the site's own. No scheme-relative `//host`, no
 * backslashes (browsers read `/\host` as `//host`), no credentials, no control characters.
 */
export function sameSiteUrl(url: string, appUrl: string): string | null {
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return null;
  const origin = new URL(appUrl).origin;
  if (url.startsWith('/')) {
    if (url.startsWith('//')) return null;
    return new URL(url, origin).origin === origin ? url : null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.origin !== origin) return null;
  return parsed.href;
}

/** Stores a same-site address under a new short key; `short` is the address to hand out. */
export async function createShortUri(db: Db, caller: Caller, body: unknown): Promise<ShortUri> {
  const input = validateInput(shorturiNewInput, body, caller.lang);
  const { appUrl } = getConfig();
  const url = sameSiteUrl(input.url, appUrl);
  if (!url) {
    throw fieldError(caller.lang, {
      url: {
        code: 'pattern',
        message: { jp: 'このサイト内のアドレスだけを短縮できます。', en: 'Only addresses on this site can be shortened.' },
      },
    });
  }
  // 62^10 keys: a collision is rare, and a retry with a fresh key settles it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = newKey(10);
    const [row] = await db.insert(shortUris).values({ key, url, owner: caller.sub }).onConflictDoNothing().returning();
    if (row) return { key, url, short: `${appUrl}/s/${key}` };
  }
  throw new Error('could not allocate a short key');
}
