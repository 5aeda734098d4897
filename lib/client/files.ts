import { imageWidthFor } from '@/lib/storage/image-widths';
import { api, errorsOf, type AnswerData } from './api';

export type StoredFile = AnswerData<'/api/core/storage/save', 'post'>;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Stores a file in the content-addressed store; public files are readable without sign-in. */
export async function uploadFile(file: File, options: { token?: string; public?: boolean } = {}) {
  const data = await readAsDataUrl(file);
  // The product client: a refused session sends the person to sign in, as on every page action.
  const init = { token: options.token, body: { name: file.name, data } };
  const answer = options.public ? await api.POST('/api/core/public/save', init) : await api.POST('/api/core/storage/save', init);
  if (!answer) return { status: 1, file: null, errors: {} as Record<string, string> };
  if (answer.status === 0) return { status: 0, file: answer.data, errors: {} as Record<string, string> };
  return { status: answer.status, file: null, errors: errorsOf(answer) };
}

/** A thumbnail URL through the image optimisation path. */
export function thumbnailUrl(hash: string, width = 384, isPublic = true, quality = 75): string {
  const source = isPublic ? `/api/core/public/fetch/${hash}` : `/api/files/${hash}`;
  // The image path renders the allowed widths only: round up to the next one.
  return `/api/image?url=${encodeURIComponent(source)}&w=${imageWidthFor(width)}&q=${quality}`;
}
