import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import type { LocalFileRef } from './file-ref';
import { findFile, type FileMeta } from './read-file';

/**
 * The file behind one of the site's file routes for this caller. The public route serves public
 * files only, whoever asks. The private route serves what the caller may read; an anonymous
 * caller asking for anything but a public file is told to sign in (whether or not it exists).
 */
export async function fileForRoute(db: Db, hash: string, caller: Caller | null, route: LocalFileRef['route']): Promise<FileMeta> {
  if (route === 'public') return findFile(db, hash, null, { publicOnly: true });
  if (caller) return findFile(db, hash, caller);
  try {
    return await findFile(db, hash, null);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') throw new AppError('invalid_session', 'invalid session');
    throw err;
  }
}
