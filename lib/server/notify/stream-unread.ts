import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/client';
import { subscribe } from './listener';
import { unreadCount } from './unread-count';

/** Channel the notifications trigger signals on, with the target's sub as payload. */
export const NOTIFY_CHANNEL = 'ipl_notify';

export interface StreamOptions {
  heartbeatMs?: number;
  /** The stream ends after this long; EventSource reconnects and the caller is authenticated afresh. */
  maxAgeMs?: number;
}

/**
 * Server-sent events for one signed-in user: an `unread` event with `{ unread }` at once and
 * whenever 'ipl_notify' fires for that sub (from any process on the same database), a comment
 * line as heartbeat, and cleanup when the client goes away. Resolves when the stream ends.
 */
export async function streamUnread(
  db: Db,
  sub: string,
  req: IncomingMessage,
  res: ServerResponse,
  options: StreamOptions = {},
): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxAgeMs = options.maxAgeMs ?? 15 * 60_000;
  let closed = false;
  let last: number | undefined;
  let pending: Promise<void> | undefined;
  let dirty = false;

  const write = (chunk: string) => {
    if (!closed && !res.writableEnded) res.write(chunk);
  };

  // Several changes in a burst cost one count query; the newest state always wins.
  const push = (): void => {
    if (closed) return;
    if (pending) {
      dirty = true;
      return;
    }
    pending = (async () => {
      do {
        dirty = false;
        try {
          const unread = await unreadCount(db, sub);
          if (unread !== last) {
            last = unread;
            write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
          }
        } catch (err) {
          console.error('[notify] unread count failed:', (err as Error).message);
        }
      } while (dirty && !closed);
    })().finally(() => {
      pending = undefined;
    });
  };

  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform keeps compression middleware from buffering the stream.
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  write('retry: 5000\n\n');

  const unsubscribe = await subscribe(NOTIFY_CHANNEL, (payload) => {
    if (payload === null || payload === sub) push();
  });
  push();

  await new Promise<void>((resolve) => {
    const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
    const expire = setTimeout(() => finish(), maxAgeMs);
    heartbeat.unref?.();
    expire.unref?.();
    function finish() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expire);
      unsubscribe();
      if (!res.writableEnded) res.end();
      resolve();
    }
    // Not req 'close': a request emits it once its (empty) body is read, long before the client leaves.
    res.on('close', finish);
    res.on('error', finish);
    req.socket.on('close', finish);
    if (res.destroyed || req.socket.destroyed) finish();
  });
}
