import { saveBlob } from '@/components/invoices/invoice-api';
import { numberFormat } from '@/lib/format/intl-cache';

export interface Progress {
  received: number;
  /** From X-Total-Bytes: the contents' size; the zip's own headers add a little on top. */
  total: number;
}

/**
 * Downloads a zip with the bearer token, reporting bytes as they arrive (a ReadableStream reader
 * counting against X-Total-Bytes), then saves it. The bytes collect in a Blob the browser may keep
 * on disk; for very large archives the page also offers a direct link (session cookie) instead.
 */
export async function downloadZip(
  url: string,
  fileName: string,
  token: string | undefined,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<number> {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`download answered ${res.status}`);
  const total = Number(res.headers.get('x-total-bytes')) || 0;
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  saveBlob(new Blob(parts as BlobPart[], { type: 'application/zip' }), fileName);
  return received;
}

export function formatBytes(bytes: number, lang: 'jp' | 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${numberFormat(lang === 'en' ? 'en-US' : 'ja-JP', { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
