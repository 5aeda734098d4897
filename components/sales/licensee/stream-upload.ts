import type { Envelope } from '@/lib/client/fetcher';

export interface UploadProgress {
  /** 0..1 of the file sent. */
  sent: number;
  /** Data rows the server has read and checked so far (0 until it first says). */
  rows: number;
}

/**
 * A file POSTed as the raw body (the browser streams it from disk: no base64, no copy in memory)
 * through XMLHttpRequest, for its upload progress; the server is asked for progress lines
 * (`Accept: application/x-ndjson`) and the answer's last line is the envelope. A small file may be
 * answered with the plain envelope, which is one line as well.
 */
export function uploadWithProgress<T>(
  path: string,
  file: Blob,
  token: string | undefined,
  lang: 'jp' | 'en',
  onProgress: (progress: UploadProgress) => void,
): Promise<Envelope<T> | null> {
  return new Promise((resolve) => {
    const state: UploadProgress = { sent: 0, rows: 0 };
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/x-ndjson, application/json');
    xhr.setRequestHeader('x-lang', lang);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const lines = () => xhr.responseText.split('\n').filter((l) => l.trim() !== '');
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      state.sent = e.loaded / e.total;
      onProgress({ ...state });
    };
    xhr.onprogress = () => {
      // Only whole lines: the last one may still be arriving.
      const done = xhr.responseText.slice(0, xhr.responseText.lastIndexOf('\n') + 1);
      const last = done.trim().split('\n').pop();
      if (!last) return;
      try {
        const line = JSON.parse(last) as { progress?: { rows: number } };
        if (line.progress) {
          state.rows = line.progress.rows;
          onProgress({ ...state });
        }
      } catch {
        // A line cut short: the next event brings it whole.
      }
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(lines().pop() ?? '') as Envelope<T>);
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = () => resolve(null);
    xhr.send(file);
  });
}
