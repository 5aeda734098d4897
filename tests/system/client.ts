/** HTTP calls to the server under test as a signed-in person, with timings and a hard timeout. */
import http from 'node:http';
import { encode } from 'next-auth/jwt';

export const SECRET = `system-test-${Math.random().toString(36).slice(2)}`;

/** A next-auth session cookie for `sub`, as the server (started with NEXTAUTH_SECRET=SECRET) issues them. */
export async function sessionCookie(sub: string): Promise<string> {
  const token = await encode({ token: { sub, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, secret: SECRET });
  return `next-auth.session-token=${token}`;
}

export interface Answer {
  /** HTTP status, or 0 when the request failed (refused connection, reset, timeout). */
  http: number;
  status?: number;
  data?: Record<string, unknown>;
  ms: number;
  /** The answer's body, in bytes, when one came. */
  bytes?: number;
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function call(
  base: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          cookie,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const body = Buffer.concat(chunks);
          try {
            const json = JSON.parse(body.toString()) as { status: number; data: Record<string, unknown> };
            resolve({ http: res.statusCode ?? 0, status: json.status, data: json.data, ms, bytes: body.length });
          } catch {
            resolve({ http: res.statusCode ?? 0, ms, bytes: body.length });
          }
        });
        res.on('error', (err) => resolve({ http: 0, ms: performance.now() - started, error: err.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', (err) => resolve({ http: 0, ms: performance.now() - started, error: err.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
