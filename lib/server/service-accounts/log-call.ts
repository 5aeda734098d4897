import type { IncomingMessage } from 'node:http';
import type { Caller } from '../api/authenticate';
import { appendAdminLog } from '../audit/write-admin-log';
import { getDb } from '../db/client';

/**
 * One admin log entry per call of a service account: method, path (without the query, which may
 * carry search text) and the HTTP status it got. A log that cannot be written is reported on the
 * console and does not turn the caller's answer into an error.
 */
export async function logServiceCall(req: IncomingMessage, caller: Caller, status: number): Promise<void> {
  if (!caller.service) return;
  const path = (req.url ?? '').split('?')[0]!.slice(0, 300);
  try {
    await appendAdminLog(await getDb(), {
      sub: caller.sub,
      action: 'service.call',
      ref: caller.service.key,
      data: { account: caller.service.key, name: caller.service.name, method: req.method ?? 'GET', path, status },
    });
  } catch (err) {
    console.error(`[api] service account call not logged (${caller.service.name} ${req.method} ${path}):`, err);
  }
}
