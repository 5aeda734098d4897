import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import type { EntityDef } from '../entities/definitions';
import { combine, readScope } from '../entities/policy';
import type { Viewer } from '../entities/viewer';

type Row = Record<string, unknown>;

function column(def: EntityDef, name: string): PgColumn {
  return getTableColumns(def.table)[name] as PgColumn;
}

/** The record, locked for this transaction, if the viewer may see it; else "not found". */
export async function lockSubject(tx: Db, def: EntityDef, viewer: Viewer, key: string): Promise<Row> {
  const rows = (await tx
    .select()
    .from(def.table as PgTable)
    .where(combine(eq(column(def, 'key'), key), readScope(def, viewer)))
    .for('update')
    .limit(1)) as Row[];
  if (!rows[0]) throw new AppError('not_found', `${def.name} not found`);
  return rows[0];
}

/** Moves the record only if it is still in the state the decision was made on. */
export async function moveSubject(tx: Db, def: EntityDef, key: string, from: string, to: string): Promise<Row> {
  const updated = (await tx
    .update(def.table as PgTable)
    .set({ state: to, version: sql`${column(def, 'version')} + 1`, dateUpdated: new Date() } as never)
    .where(and(eq(column(def, 'key'), key), eq(column(def, 'state'), from)))
    .returning()) as Row[];
  if (!updated[0])
    throw new AppError('conflict', 'the record changed state meanwhile', { errors: { state: 'changed meanwhile' } });
  return updated[0];
}
