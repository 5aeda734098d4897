import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { requireRole } from '../roles/role-lists';
import { fileInfoOf, type FileInfo } from './file-info';
import { hashOfId } from './file-ref';
import { findFile } from './read-file';
import { saveFile } from './save-file';
import { parseUpload } from './upload-input';

/**
 * /api/ipfs: content identifiers of the file store. Every file is addressed by a CIDv1 (raw
 * codec 0x55, sha2-256, base32 `b…`): the CID `ipfs add --cid-version=1 --raw-leaves` gives a
 * file that fits one block (up to 256 KiB); bigger files are chunked by IPFS into a DAG whose
 * root CID differs, while here the CID always names the sha-256 of the whole content.
 */
export const ipfsQuery = z.object({ hash: z.string().trim().min(1).max(100) }).strict();

/** POST: store a file (same body and rules as /api/core/storage/save) and answer its CID. */
export async function ipfsAdd(db: Db, caller: Caller, body: unknown): Promise<FileInfo> {
  const input = parseUpload(body, caller.lang);
  if (input.public) requireRole(caller, 'holder');
  const saved = await saveFile(db, { ...input, owner: caller.sub, lang: caller.lang });
  return { ...saved };
}

/** GET ?hash=<sha-256 or CID>: the CID and facts of a file the caller may read (public files to anyone). */
export async function ipfsStat(db: Db, caller: Caller | null, query: unknown): Promise<FileInfo> {
  const lang = caller?.lang ?? 'en';
  const input = validateInput(ipfsQuery, query, lang);
  const hash = hashOfId(input.hash);
  if (!hash) {
    throw fieldError(lang, {
      hash: {
        message: {
          jp: 'SHA-256（16進 64 桁）か CIDv1（b で始まる base32）を指定してください。',
          en: 'Give a SHA-256 (64 hex digits) or a CIDv1 (base32 starting with b).',
        },
      },
    });
  }
  return fileInfoOf(await findFile(db, hash, caller));
}
