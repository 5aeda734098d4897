import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export const ATTEMPT_TIMEOUT_MS = 10_000;

export interface PostResult {
  /** The HTTP status, or null when no answer came (refused, timed out). */
  status: number | null;
  error: string | null;
}

/**
 * One POST to an address already vetted by resolveTarget: the connection goes to that address
 * (the URL's host still names the TLS server and the Host header), redirects are not followed,
 * and the whole attempt ends after 10 s. Never throws.
 */
export function postOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<PostResult> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'ipl-webhooks' },
        lookup,
        agent: false,
      },
      (response) => {
        // The answer's body is not needed; it is drained so the socket closes.
        response.resume();
        response.on('end', () => done({ status: response.statusCode ?? null, error: null }));
        response.on('error', (err) => done({ status: response.statusCode ?? null, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (err) => done({ status: null, error: err.message }));
    request.end(body);
  });
}
