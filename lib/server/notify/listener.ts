import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient, Notification } from 'pg';
import { getConfig } from '../../config';
import { getDbHandle } from '../db/client';

/**
 * A payload, or null after the connection was re-established: anything may have been missed
 * meanwhile, so a subscriber re-reads what it shows.
 */
export type ChannelHandler = (payload: string | null) => void;

interface ListenerState {
  handlers: Map<string, Set<ChannelHandler>>;
  /** Channels LISTENed on the current connection. */
  listening: Set<string>;
  backend?: Backend;
  starting?: Promise<Backend>;
  closed: boolean;
}

interface Backend {
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  close(): Promise<void>;
}

const globalKey = Symbol.for('ipl.notify-listener');
type GlobalWithListener = typeof globalThis & { [globalKey]?: ListenerState };

function state(): ListenerState {
  const g = globalThis as GlobalWithListener;
  g[globalKey] ??= { handlers: new Map(), listening: new Set(), closed: false };
  return g[globalKey];
}

function dispatch(channel: string, payload: string | null): void {
  for (const handler of state().handlers.get(channel) ?? []) {
    try {
      handler(payload);
    } catch (err) {
      console.error(`[notify] a ${channel} handler failed:`, err);
    }
  }
}

/** PGlite has one connection and its own listen API; the trigger's notifications arrive after commit. */
async function pgliteBackend(client: PGlite): Promise<Backend> {
  const stops = new Map<string, () => Promise<void>>();
  return {
    async listen(channel) {
      const stop = await client.listen(channel, (payload) => dispatch(channel, payload));
      stops.set(channel, () => stop());
    },
    async unlisten(channel) {
      await stops.get(channel)?.();
      stops.delete(channel);
    },
    async close() {
      for (const stop of stops.values()) await stop().catch(() => undefined);
      stops.clear();
    },
  };
}

const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * PostgreSQL: one dedicated client (not from the pool, which would hand the LISTEN session to
 * queries). When it drops, reconnect with backoff, LISTEN again and tell subscribers to resync.
 */
async function postgresBackend(url: string): Promise<Backend> {
  const { Client } = await import('pg');
  let client: PgClient | undefined;
  let closed = false;
  let failures = 0;

  const connect = async (): Promise<void> => {
    while (!closed) {
      const next = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      try {
        next.on('notification', (msg: Notification) => dispatch(msg.channel, msg.payload ?? ''));
        next.on('error', (err) => {
          console.error('[notify] listener connection error:', err.message);
          void drop(next);
        });
        next.on('end', () => void drop(next));
        await next.connect();
        for (const channel of state().listening) await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
        client = next;
        if (failures > 0) for (const channel of state().listening) dispatch(channel, null);
        failures = 0;
        return;
      } catch (err) {
        next.removeAllListeners();
        await next.end().catch(() => undefined);
        const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
        failures++;
        console.error(`[notify] listener cannot connect (${(err as Error).message}); retrying in ${wait} ms`);
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
  };

  const drop = async (dead: PgClient): Promise<void> => {
    if (client !== dead || closed) return;
    client = undefined;
    dead.removeAllListeners();
    dead.on('error', () => undefined);
    await dead.end().catch(() => undefined);
    failures = Math.max(failures, 1);
    void connect();
  };

  await connect();
  return {
    async listen(channel) {
      await client?.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    },
    async unlisten(channel) {
      await client?.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`);
    },
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

async function backend(): Promise<Backend> {
  const s = state();
  if (s.backend) return s.backend;
  s.starting ??= (async () => {
    const handle = await getDbHandle();
    const url = getConfig().databaseUrl;
    const b =
      handle.kind === 'postgres' && url
        ? await postgresBackend(url)
        : // drizzle keeps the driver it was built on as $client; for PGlite that is the PGlite instance.
          await pgliteBackend((handle.db as unknown as { $client: PGlite }).$client);
    s.backend = b;
    return b;
  })().finally(() => {
    s.starting = undefined;
  });
  return s.starting;
}

/**
 * Subscribes to a Postgres NOTIFY channel through the one LISTEN connection of this process.
 * Resolves once the LISTEN is in place; the returned function unsubscribes.
 */
export async function subscribe(channel: string, handler: ChannelHandler): Promise<() => void> {
  const s = state();
  s.closed = false;
  let set = s.handlers.get(channel);
  if (!set) {
    set = new Set();
    s.handlers.set(channel, set);
  }
  set.add(handler);
  if (!s.listening.has(channel)) {
    s.listening.add(channel);
    try {
      await (await backend()).listen(channel);
    } catch (err) {
      s.listening.delete(channel);
      set.delete(handler);
      throw err;
    }
  }
  return () => {
    set.delete(handler);
  };
}

/** Number of handlers on a channel (tests, and a status line). */
export function subscriberCount(channel: string): number {
  return state().handlers.get(channel)?.size ?? 0;
}

/** Stops listening (tests: before the database closes). */
export async function closeListener(): Promise<void> {
  const s = state();
  s.closed = true;
  const b = s.backend;
  s.backend = undefined;
  s.listening.clear();
  s.handlers.clear();
  await b?.close();
}
