import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, errorEnvelope } from './errors';

export const PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

/** The client asked to hear progress: `Accept: application/x-ndjson`. */
export function wantsProgress(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes(PROGRESS_MEDIA_TYPE);
}

/**
 * Long work that reports progress, answered as the client asked. By default the route's ordinary
 * envelope once the work is done (`work` gets no reporter). With `Accept: application/x-ndjson`,
 * the first report starts a 200 answer of JSON lines, `{"progress":…}` each time, and the last line
 * is the envelope (`{"status":0,"data":…}` or the error's, status 15 and all): the HTTP status is
 * sent before the outcome is known. A failure before the first report is answered as usual.
 */
export async function answerWithProgress<P>(
  req: IncomingMessage,
  res: ServerResponse,
  work: (report?: (progress: P) => void) => Promise<unknown>,
): Promise<unknown> {
  if (!wantsProgress(req)) return work();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    res.writeHead(200, {
      'Content-Type': `${PROGRESS_MEDIA_TYPE}; charset=utf-8`,
      // no-transform keeps compression from holding the lines back.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
  };
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  try {
    const data = await work((progress) => {
      start();
      if (!res.writableEnded) res.write(line({ progress }));
    });
    if (!started) return data;
    res.end(line({ status: 0, data: data ?? null }));
  } catch (err) {
    if (!started) throw err;
    if (err instanceof AppError) {
      res.end(line(errorEnvelope(err)));
    } else {
      console.error(`[api] ${req.method} ${req.url} failed after its progress began:`, err);
      res.end(line({ status: 1, data: { message: 'internal error' } }));
    }
  }
  return undefined;
}
