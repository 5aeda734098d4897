import type { Db } from '../db/client';

/** The handle `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either the database or an open transaction: helpers that only read or write take this. */
export type DbOrTx = Db | Tx;
