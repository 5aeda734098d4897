import { and, asc, count, eq, getTableColumns, isNull, min, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { entities, type EntityName } from '../entities/definitions';
import type { Viewer } from '../entities/viewer';
import { actorFacts, defaultHolder } from '../flow/facts';
import { offeredActions } from '../flow/offered-actions';
import { flowFor } from '../flow/overrides';
import { bindingForRecord, recordFlowFields } from '../flow/subjects';

type Row = Record<string, unknown>;

export interface WaitingSteps<T extends Row> {
  /** How many records offer this person one of the steps. */
  count: number;
  /** The oldest of them (by last change), at most `limit`, each with the step offered. */
  first: { row: T; action: string }[];
}

/**
 * The records of `entity` within `scope` on which the flow engine offers this person one of
 * `actions`: the home lists exactly what the record's page would offer, never a step the server
 * then refuses.
 *
 * What the engine offers depends only on a record's state and on who the person is to it (its
 * applicant, organisation, designer: recordFlowFields), so the records are read grouped by those
 * fields and the engine decides once per group. A holder with 50,000 licenses waiting for a
 * signature is a handful of groups, not 50,000 rows read and decided one by one.
 */
export async function waitingSteps<T extends Row>(
  db: Db,
  viewer: Viewer,
  entity: EntityName,
  scope: SQL | undefined,
  actions: readonly string[],
  limit: number,
): Promise<WaitingSteps<T>> {
  const table = entities[entity].table as PgTable;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fields = ['state', ...recordFlowFields(entity)];
  const grouped = Object.fromEntries(fields.map((f) => [f, columns[f]!]));
  const groups = await db
    .select({ ...grouped, n: count(), first: min(columns.dateUpdated!) })
    .from(table)
    .where(scope)
    .groupBy(...Object.values(grouped));
  if (groups.length === 0) return { count: 0, first: [] };
  const holder = await defaultHolder(db);
  const offered: { group: Row; action: string; n: number; first: number }[] = [];
  for (const group of groups as Row[]) {
    const binding = bindingForRecord(entity, group);
    if (!binding) continue;
    const facts = await actorFacts(db, viewer, holder, binding, group);
    const step = offeredActions(flowFor(binding.subject, holder.config), String(group.state), facts).find((o) =>
      actions.includes(o.action),
    );
    if (step) offered.push({ group, action: step.action, n: Number(group.n), first: timeOf(group.first) });
  }
  if (offered.length === 0) return { count: 0, first: [] };
  // The oldest `limit` records all sit in the `limit` groups whose oldest record is oldest (and
  // any group tied with the last of them).
  offered.sort((a, b) => a.first - b.first);
  const cutoff = offered[Math.min(limit, offered.length) - 1]!.first;
  const nearest = offered.filter((o) => o.first <= cutoff);
  const sameGroup = (group: Row) =>
    and(...fields.map((f) => (group[f] === null ? isNull(columns[f]!) : eq(columns[f]!, group[f]))));
  const rows = (await db
    .select()
    .from(table)
    .where(and(scope, or(...nearest.map((o) => sameGroup(o.group)))))
    .orderBy(asc(columns.dateUpdated!), asc(columns.key!))
    .limit(limit)) as T[];
  const groupKey = (row: Row) => JSON.stringify(fields.map((f) => row[f] ?? null));
  const actionOf = new Map(nearest.map((o) => [groupKey(o.group), o.action]));
  return {
    count: offered.reduce((sum, o) => sum + o.n, 0),
    first: rows.map((row) => ({ row, action: actionOf.get(groupKey(row))! })),
  };
}

function timeOf(value: unknown): number {
  return value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
}
