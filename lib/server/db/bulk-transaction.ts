import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Connection, Pool, PoolClient } from 'pg';
import { schema, type Db } from './client';

/**
 * Loads rows given in PostgreSQL's COPY text format (one line a row, tab-separated, `\N` for null,
 * backslash escapes) into `table (columns)`, inside the bulk transaction.
 */
export type CopyRows = (table: string, columns: readonly string[], text: Buffer) => Promise<void>;

/**
 * Where the rows go: `server` is a PostgreSQL server in a process of its own, which loads a batch
 * while this process prepares the next, as long as this process lets its event loop read the
 * server's answers; `in-process` is PGlite, which runs on this thread.
 */
export type BulkTarget = 'server' | 'in-process';

export type BulkWork<T> = (tx: Db, copy: CopyRows, target: BulkTarget) => Promise<T>;

/**
 * COPY … FROM STDIN through node-postgres's own extension point (a query object with `submit`):
 * the statement goes out, the server answers CopyInResponse, the rows go as CopyData and CopyDone,
 * and ReadyForQuery ends it. Small enough not to need a package for it.
 */
class CopyIn {
  private failed = false;
  readonly done: Promise<void>;
  private settle!: { resolve: () => void; reject: (err: Error) => void };

  constructor(
    private readonly statement: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: Connection): void {
    (connection as Connection & { query: (text: string) => void }).query(this.statement);
  }

  handleCopyInResponse(connection: Connection): void {
    const c = connection as Connection & { sendCopyFromChunk: (b: Buffer) => void; endCopyFrom: () => void };
    c.sendCopyFromChunk(this.data);
    c.endCopyFrom();
  }

  handleError(err: Error): void {
    this.failed = true;
    this.settle.reject(err);
  }

  handleReadyForQuery(): void {
    if (!this.failed) this.settle.resolve();
  }

  // The other messages a query may receive carry nothing for a COPY FROM.
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source}`;

async function onPostgres<T>(pool: Pool, work: BulkWork<T>): Promise<T> {
  const client: PoolClient = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const tx = drizzle({ client, schema }) as unknown as Db;
    const copy: CopyRows = async (table, columns, text) => {
      const query = new CopyIn(copyStatement(table, columns, 'STDIN'), text);
      // pg accepts any object with `submit` as a query; its typings only know its own kinds.
      void client.query(query as unknown as Parameters<PoolClient['query']>[0]);
      await query.done;
    };
    const result = await work(tx, copy, 'server');
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw err;
  } finally {
    // A connection that could not even roll back is dropped, not handed to the next request.
    client.release(broken);
  }
}

async function onPglite<T>(pglite: PGlite, work: BulkWork<T>): Promise<T> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return pglite.transaction(async (t: Transaction) => {
    const tx = drizzle({ client: t as unknown as PGlite, schema }) as unknown as Db;
    // PGlite reads COPY input from its /dev/blob device, filled from the blob given with the query.
    const copy: CopyRows = async (table, columns, text) => {
      await t.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([new Uint8Array(text)]) });
    };
    return work(tx, copy, 'in-process');
  });
}

/**
 * One transaction on one connection of its own for a bulk load (a royalty file of a million rows):
 * `work` gets a Drizzle instance on that connection and `copy` to load rows with COPY (FROM STDIN on
 * PostgreSQL, from /dev/blob on PGlite). Committed when `work` returns, rolled back when it throws;
 * a process killed meanwhile leaves nothing, as the server never saw a COMMIT. Work inside must not
 * open a transaction of its own (db.transaction): it is already in one.
 */
export async function bulkTransaction<T>(db: Db, work: BulkWork<T>): Promise<T> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client && typeof (client as PGlite).transaction === 'function') return onPglite(client as PGlite, work);
  if (client && typeof (client as Pool).connect === 'function') return onPostgres(client as Pool, work);
  throw new Error('bulkTransaction: a database opened by getDb() is needed');
}

const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY text format. */
export function copyValue(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  // Most values (keys, codes) have nothing to escape: one test instead of a replace.
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}
