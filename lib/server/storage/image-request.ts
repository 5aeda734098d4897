import { IMAGE_WIDTHS, isImageWidth } from '../../storage/image-widths';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { fileForRoute } from './file-access';
import { localFileRef } from './file-ref';
import type { FileMeta } from './read-file';
import { isImageType } from './sniff-type';
import { thumbnail, thumbnailQuality, thumbnailWidth, type Thumbnail } from './thumbnail';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

function invalid(lang: Caller['lang'], field: 'url' | 'w' | 'q', en: string, jp: string): never {
  throw fieldError(lang, { [field]: { message: { en, jp } } }, { message: `invalid ${field}` });
}

/**
 * The image path of SPEC §7 (`/api/image?url=&w=&q=`): `url` must be a path of this site's own
 * file routes, never another origin (no server-side fetch happens at all); `w` must be one of
 * the allowed widths (Next's image sizes and the device sizes 640–3840), anything else is status 5;
 * `q` is 1–100 (default 75). Access follows the route the url names.
 */
export async function imageRequest(
  db: Db,
  caller: Caller | null,
  query: Partial<Record<string, string | string[]>>,
): Promise<{ file: FileMeta; thumb: Thumbnail }> {
  const lang = caller?.lang ?? 'en';
  const ref = localFileRef(single(query.url));
  if (!ref)
    invalid(lang, 'url', 'Only images stored on this site can be resized.', 'このサイトに保存された画像だけを縮小できます。');
  const w = single(query.w);
  if (!w || !/^\d{1,5}$/.test(w) || !isImageWidth(Number(w))) {
    const widths = IMAGE_WIDTHS.join(', ');
    invalid(lang, 'w', `The width must be one of ${widths} pixels.`, `幅は ${widths} ピクセルのいずれかで指定してください。`);
  }
  const q = single(query.q);
  if (q !== undefined && (!/^\d{1,3}$/.test(q) || Number(q) < 1 || Number(q) > 100)) {
    invalid(lang, 'q', 'Quality is a whole number from 1 to 100.', '品質は 1〜100 の整数で指定してください。');
  }
  const file = await fileForRoute(db, ref.hash, caller, ref.route);
  if (!isImageType(file.mime)) invalid(lang, 'url', 'This file is not an image.', 'このファイルは画像ではありません。');
  const thumb = await thumbnail(file.hash, thumbnailWidth(Number(w)), thumbnailQuality(q === undefined ? undefined : Number(q)));
  return { file, thumb };
}
