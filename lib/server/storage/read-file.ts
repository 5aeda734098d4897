import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { hasAccess } from '../../acl/match';
import { accessLists } from '../../acl/roles';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { roleNames } from '../roles/role-lists';
import { cidFromSha256 } from './cid';
import { blobPath, isHash } from './paths';
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

export interface OpenedFile extends FileMeta {
  stream: fs.ReadStream;
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

/** Metadata and a read stream of a file the viewer may read (see findFile). */
export async function openFile(db: Db, hash: string, viewer?: FileViewer | null, options: ReadOptions = {}): Promise<OpenedFile> {
  const meta = await findFile(db, hash, viewer, options);
  const path = blobPath(meta.hash);
  // Open first, so a missing blob is a clean not found rather than an error mid-response.
  const handle = await fs.promises.open(path, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    console.error(`[storage] row without bytes: ${meta.hash}`);
    notFound();
  });
  return { ...meta, stream: handle.createReadStream() };
}
