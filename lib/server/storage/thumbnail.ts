import sharp from 'sharp';
import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS, imageWidthFor } from '../../storage/image-widths';
import { AppError } from '../api/errors';
import { isBlobNotFound } from './blob-errors';
import { blobKey, thumbKey } from './blob-keys';
import { getBlobStore } from './blob-store';
import { MAX_IMAGE_PIXELS } from './limits';

/** Next's image sizes, then the device sizes of SPEC §9: the only widths thumbnails are made at. */
export const THUMBNAIL_WIDTHS = IMAGE_WIDTHS;
export const DEFAULT_QUALITY = DEFAULT_IMAGE_QUALITY;

/** The smallest allowed width at least as wide as asked (the largest for anything wider). */
export function thumbnailWidth(width: number): number {
  if (!Number.isFinite(width) || width < 1) throw new RangeError('width must be a positive number');
  return imageWidthFor(width);
}

export function thumbnailQuality(quality: number | undefined): number {
  if (quality === undefined) return DEFAULT_QUALITY;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new RangeError('quality must be an integer 1–100');
  return quality;
}

function notFoundAsNull(err: unknown): null {
  if (isBlobNotFound(err)) return null;
  throw err;
}

export interface Thumbnail {
  bytes: Buffer;
  width: number;
  quality: number;
}

/**
 * A WebP rendering of a stored image at most `width` (rounded up to an allowed size) wide,
 * never enlarged, EXIF orientation applied and metadata dropped; made once and cached in the
 * blob store under thumbs/<hash>-<w>-<q>.webp. Access is the caller's check, made before.
 */
export async function thumbnail(hash: string, width: number, quality?: number): Promise<Thumbnail> {
  const w = thumbnailWidth(width);
  const q = thumbnailQuality(quality);
  const store = await getBlobStore();
  const cached = thumbKey(hash, w, q);
  const hit = await store.read(cached).catch(notFoundAsNull);
  if (hit) return { bytes: hit, width: w, quality: q };
  // Bytes, not a path: the source may be in a bucket. Uploads are capped (UPLOAD_MAX_BYTES), so this stays small.
  const source = await store.read(blobKey(hash)).catch(notFoundAsNull);
  if (!source) throw new AppError('not_found', 'file not found');
  let bytes: Buffer;
  try {
    bytes = await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .autoOrient()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: q })
      .toBuffer();
  } catch {
    // Not an image (a PDF), or one sharp cannot decode within the pixel limit.
    throw new AppError('validation', 'the file cannot be made into a thumbnail', {
      errors: { url: 'The file cannot be made into a thumbnail.' },
    });
  }
  await store.put(cached, bytes, 'image/webp');
  return { bytes, width: w, quality: q };
}
