import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { getConfig } from '../../config';
import type { Lang } from '../../validation/messages';
import { fieldError, type Bilingual } from '../common/field-error';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { cidFromSha256 } from './cid';
import { MAX_IMAGE_PIXELS, MAX_NAME_LENGTH } from './limits';
import { storageMessages } from './messages';
import { blobKey } from './blob-keys';
import { getBlobStore } from './blob-store';
import { isImageType, sniffType, type AllowedType } from './sniff-type';

export interface SaveFileInput {
  bytes: Buffer;
  name: string;
  /** The uploader's sub. */
  owner: string;
  public?: boolean;
  /** Language of refusal messages (default jp). */
  lang?: Lang;
}

export interface SavedFile {
  hash: string;
  cid: string;
  mime: string;
  size: number;
  name: string;
  width: number | null;
  height: number | null;
  public: boolean;
}

function refuse(lang: Lang, field: string, message: Bilingual): never {
  throw fieldError(lang, { [field]: { message } });
}

/** The last path segment of a name, trimmed; a browser or a script may send a full path. */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()!.trim();
  if (base.length === 0 || base.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(base)) return null;
  return base;
}

const sharpFormat: Record<AllowedType, string | null> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': null,
};

/** Displayed width and height of an image (EXIF orientation applied), refusing unreadable images and bombs. */
async function imageSize(bytes: Buffer, mime: AllowedType, lang: Lang): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    // Reads the header only; no pixels are decoded here.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    refuse(lang, 'file', storageMessages.unreadableImage);
  }
  if (meta.format !== sharpFormat[mime] || !meta.width || !meta.height) refuse(lang, 'file', storageMessages.unreadableImage);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) refuse(lang, 'file', storageMessages.tooManyPixels(MAX_IMAGE_PIXELS));
  return { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}

/**
 * Stores an upload in the content-addressed store: the type is sniffed from the bytes (PNG,
 * JPEG, WebP, GIF or PDF only), the size and pixel count are limited, the bytes land atomically
 * in the blob store under <2 hex>/<sha-256>, and one row per content is kept. The same bytes
 * again give the same hash and no second row; asking for public makes an existing row public.
 * The bytes are stored before the row, so a row never names bytes that are not there; a store
 * that fails leaves no row.
 */
export async function saveFile(db: Db, input: SaveFileInput): Promise<SavedFile> {
  const lang = input.lang ?? 'jp';
  const name = cleanFileName(input.name);
  if (!name) refuse(lang, 'name', storageMessages.name);
  const maxBytes = getConfig().uploadMaxBytes;
  if (input.bytes.length > maxBytes) refuse(lang, 'file', storageMessages.tooLarge(maxBytes));
  const mime = await sniffType(input.bytes);
  if (!mime) refuse(lang, 'file', storageMessages.type);
  const size = isImageType(mime) ? await imageSize(input.bytes, mime, lang) : null;

  const hash = createHash('sha256').update(input.bytes).digest('hex');
  await (await getBlobStore()).put(blobKey(hash), input.bytes, mime);
  const values = {
    hash,
    mime,
    size: input.bytes.length,
    name,
    owner: input.owner,
    public: input.public === true,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
  const [row] = input.public
    ? await db
        .insert(files)
        .values(values)
        .onConflictDoUpdate({ target: files.hash, set: { public: true } })
        .returning()
    : await db.insert(files).values(values).onConflictDoNothing().returning();
  const stored = row ?? (await db.query.files.findFirst({ where: (f, { eq }) => eq(f.hash, hash) }));
  if (!stored) throw new Error(`file row ${hash} vanished`);
  return {
    hash,
    cid: cidFromSha256(hash),
    mime: stored.mime,
    size: stored.size,
    name: stored.name,
    width: stored.width,
    height: stored.height,
    public: stored.public,
  };
}
