import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { hasAccess } from '../../acl/match';
import { accessLists } from '../../acl/roles';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { roleNames } from '../roles/role-lists';
import { cidFromSha256 } from './cid';
import { isBlobNotFound } from './blob-errors';
import { blobKey, isHash } from './blob-keys';
import { getBlobStore } from './blob-store';
import { readableThroughRecord } from './readable-through-record';

/** Who asks to read: null is an anonymous caller, who reads public files only. */
export interface FileViewer {
  sub: string;
  access: readonly string[];
}

export interface FileMeta {
  hash: string;
  cid: string;
  mime: string;
  size: number;
  name: string;
  owner: string;
  public: boolean;
  width: number | null;
  height: number | null;
  dateCreated: Date;
}

export interface ReadOptions {
  /** Serve public files only, whoever asks (the /public routes). */
  publicOnly?: boolean;
}

/** Public files to anyone; private ones to their owner and to holder roles (administrators among them). */
export function mayRead(file: Pick<FileMeta, 'owner' | 'public'>, viewer: FileViewer | null | undefined): boolean {
  if (file.public) return true;
  if (!viewer) return false;
  return file.owner === viewer.sub || hasAccess(accessLists(roleNames()).holder, viewer.access);
}

function notFound(): never {
  throw new AppError('not_found', 'file not found');
}

/**
 * A file's metadata when the viewer may read it. Unknown, malformed and unreadable hashes all
 * answer not found, so nobody learns that a private file exists.
 */
export async function findFile(db: Db, hash: string, viewer?: FileViewer | null, options: ReadOptions = {}): Promise<FileMeta> {
  if (!isHash(hash)) notFound();
  const [row] = await db.select().from(files).where(eq(files.hash, hash));
  if (!row) notFound();
  if (options.publicOnly ? !row.public : !mayRead(row, viewer)) {
    if (options.publicOnly || !viewer || !(await readableThroughRecord(db, hash, viewer))) notFound();
  }
  return { ...row, cid: cidFromSha256(row.hash) };
}

/**
 * A read stream of a file's bytes, for a file found with findFile. The read is opened (file
 * opened, or the GET's answer in) before it returns, so a row without bytes is a clean not found
 * rather than an error in the middle of a response.
 */
export async function openBlob(hash: string): Promise<Readable> {
  try {
    return await (await getBlobStore()).openRead(blobKey(hash));
  } catch (err) {
    if (!isBlobNotFound(err)) throw err;
    console.error(`[storage] row without bytes: ${hash}`);
    notFound();
  }
}
