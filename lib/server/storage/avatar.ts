import { eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { files, users } from '../db/schema';
import { hashOfId, localFileRef } from './file-ref';
import { initialsOf, initialsSvg } from './initials-svg';
import { isImageType } from './sniff-type';
import { thumbnail } from './thumbnail';

export const AVATAR_SIZE = 128;

export type Avatar = { type: 'image/webp'; hash: string; bytes: Buffer } | { type: 'image/svg+xml'; svg: string };

/** The stored file a picture setting names: a bare hash or CID, or a path (or own-site URL) of a file route. */
export function pictureHash(picture: string | null | undefined): string | null {
  if (!picture) return null;
  const bare = hashOfId(picture);
  if (bare) return bare;
  const origin = new URL(getConfig().appUrl).origin;
  const path = picture.startsWith(`${origin}/`) ? picture.slice(origin.length) : picture;
  return localFileRef(path)?.hash ?? null;
}

/**
 * A user's avatar: a 128-px WebP of their picture when it names a stored image that is public
 * or their own, else an SVG of their initials. Unknown users get a "?" so the answer tells
 * nobody which subs exist.
 */
export async function userAvatar(db: Db, sub: string): Promise<Avatar> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, nickname: users.nickname, picture: users.picture })
    .from(users)
    .where(eq(users.sub, sub));
  const hash = pictureHash(user?.picture);
  if (hash) {
    const [file] = await db
      .select({ mime: files.mime, owner: files.owner, public: files.public })
      .from(files)
      .where(eq(files.hash, hash));
    if (file && isImageType(file.mime) && (file.public || file.owner === sub)) {
      try {
        const thumb = await thumbnail(hash, AVATAR_SIZE);
        return { type: 'image/webp', hash, bytes: thumb.bytes };
      } catch (err) {
        console.error(`[storage] avatar of ${sub} from ${hash}:`, (err as Error).message);
      }
    }
  }
  return { type: 'image/svg+xml', svg: initialsSvg(user ? initialsOf(user) : '?', sub, AVATAR_SIZE) };
}
