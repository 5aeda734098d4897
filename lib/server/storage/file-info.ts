import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { hashOfId } from './file-ref';
import { findFile, type FileMeta } from './read-file';

/** Body of /api/core/storage/mime: a file's sha-256 (or its CID). */
export const storageMimeInput = z.object({ hash: z.string().trim().min(1).max(100) }).strict();

export interface FileInfo {
  hash: string;
  cid: string;
  mime: string;
  size: number;
  name: string;
  width: number | null;
  height: number | null;
  public: boolean;
}

export function fileInfoOf(meta: FileMeta): FileInfo {
  const { hash, cid, mime, size, name, width, height } = meta;
  return { hash, cid, mime, size, name, width, height, public: meta.public };
}

/** /api/core/storage/mime: type, size and name of a file the caller may read. */
export async function storageMime(db: Db, caller: Caller, body: unknown): Promise<FileInfo> {
  const input = validateInput(storageMimeInput, body, caller.lang);
  return fileInfoOf(await findFile(db, hashOfId(input.hash) ?? '', caller));
}
