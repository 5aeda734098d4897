import type { Db } from '../db/client';

/** The handle `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either the database or an open transaction: helpers that only read or write take this. */
export type DbOrTx = Db | Tx;

/** Whether `db` is an open transaction (drizzle's transactions alone can roll back). */
export function isTransaction(db: DbOrTx): db is Tx {
  return typeof (db as Partial<Tx>).rollback === 'function';
}

/**
 * Independent reads: at once on the pool, one after another in a transaction. A transaction has
 * one connection, which takes one statement at a time: pg warns when a second is sent while the
 * first runs ("client.query() when the client is already executing a query") and pg 9 refuses it.
 */
export async function readEach<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: readonly [...{ [K in keyof T]: () => PromiseLike<T[K]> }],
): Promise<T> {
  if (!isTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
