import { z } from 'zod';
import type { Lang } from '../../validation/messages';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import { MAX_NAME_LENGTH } from './limits';
import { storageMessages } from './messages';

/** Body of /api/core/storage/save and /api/core/public/save: the file name and its bytes in base64. */
export const storageSaveInput = z
  .object({
    name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
    // Plain or URL-safe base64; a `data:…;base64,` prefix (FileReader.readAsDataURL) is allowed and ignored.
    data: z.string().max(16 * 1024 * 1024),
    public: z.boolean().optional(),
  })
  .strict();

export interface UploadInput {
  name: string;
  bytes: Buffer;
  public?: boolean;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The bytes of base64 text, or null when it is not base64 (Buffer.from alone skips bad characters silently). */
export function decodeBase64(text: string): Buffer | null {
  const body = text.replace(/^data:[^,]{0,200};base64,/i, '').replace(/\s+/g, '');
  if (!BASE64.test(body) || body.length % 4 === 1) return null;
  return Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export function parseUpload(body: unknown, lang: Lang): UploadInput {
  const input = validateInput(storageSaveInput, body, lang);
  const bytes = decodeBase64(input.data);
  if (!bytes) throw fieldError(lang, { data: { message: storageMessages.data } });
  return { name: input.name, bytes, public: input.public };
}
