import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { columnFields, objectText } from '../query/json-page';
import { bindingForSubject } from './subjects';
import type { Subject } from './types';

type Row = Record<string, unknown>;
export type ReviewRow = typeof reviews.$inferSelect;

/** A past or pending decision of a subject's reviews, what the engine reads to say which groups are due. */
export interface SiblingDecision {
  subject_key: string;
  step: string | null;
  revision: number;
  group: string;
  reviewer: string | null;
  state: string;
}

export interface QueueReads {
  /** Pending reviews, oldest first, at most 500. */
  pending: ReviewRow[];
  /** `Entity:key` → the subject's row, as drizzle reads it. */
  subjects: Map<string, Row>;
  siblings: SiblingDecision[];
}

/** The queue's most pending reviews read at once; more wait for the next read. */
const MAX_PENDING = 500;

/**
 * What a review queue reads, as one statement whose answer PostgreSQL writes as JSON: the pending
 * reviews, each with its subject's row and every decision of its subject's reviews. The queue's
 * due groups, deadlines and names come from the flow engine and the naming in JS, so the answer
 * is read back into rows here rather than sent on as it is.
 */
export async function readQueue(db: Db, subjects: readonly Subject[], groups: readonly string[]): Promise<QueueReads> {
  const r = reviews;
  const sib = alias(reviews, 'sib');
  const byType: SQL[] = [];
  for (const subject of new Set(subjects)) {
    const entity = bindingForSubject(subject).entity;
    const table = entities[entity].table as PgTable;
    // A subject kept in the reviews table itself would share its name with the outer rows.
    if (table === (reviews as PgTable)) throw new Error(`readQueue: ${subject} is kept in reviews`);
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const fields = columnFields(columns);
    if (!fields) throw new Error(`readQueue: ${entity} has a column the JSON read does not support`);
    byType.push(
      sql`when ${subject} then (select ${objectText(fields)} from ${table} where ${columns.key} = ${r.subject_key} limit 1)`,
    );
  }
  const reviewFields = columnFields(getTableColumns(r) as Record<string, PgColumn>)!;
  const past = sql`(select coalesce(json_agg(json_build_object('subject_key', ${sib.subject_key}, 'step', ${sib.step},
      'revision', ${sib.revision}, 'group', ${sib.group}, 'reviewer', ${sib.reviewer}, 'state', ${sib.state})), '[]'::json)
    from ${reviews} as ${sql.identifier('sib')}
    -- Both columns of reviews_subject_idx: by the key alone, each pending review scanned every review.
    where ${sib.subject_type} = ${r.subject_type} and ${sib.subject_key} = ${r.subject_key})`;
  const where = and(inArray(r.subject_type, [...subjects]), eq(r.state, 'pending'), inArray(r.group, [...groups]));
  const statement = sql`select coalesce(json_agg(json_build_object(
      'review', ${objectText(reviewFields)}::json,
      'subject', (case ${r.subject_type} ${sql.join(byType, sql` `)} end)::json,
      'past', ${past}) order by ${r.dateCreated}), '[]'::json)::text as answer
    from (select ${r}.* from ${r} where ${where} order by ${asc(r.dateCreated)} limit ${MAX_PENDING}) as ${r}`;
  const result = await db.execute<{ answer: string }>(statement);
  const answer = JSON.parse(result.rows[0]!.answer) as { review: Row; subject: Row | null; past: SiblingDecision[] }[];
  const reads: QueueReads = { pending: [], subjects: new Map(), siblings: [] };
  const seen = new Set<string>();
  for (const item of answer) {
    const review = asDrizzleRow(reviews, item.review) as ReviewRow;
    reads.pending.push(review);
    const entity = bindingForSubject(review.subject_type as Subject).entity;
    if (item.subject)
      reads.subjects.set(`${entity}:${review.subject_key}`, asDrizzleRow(entities[entity].table as PgTable, item.subject));
    // Siblings once per subject, as one read of every subject's reviews gives them.
    if (!seen.has(review.subject_key)) reads.siblings.push(...item.past);
    seen.add(review.subject_key);
  }
  return reads;
}

/** A row the database wrote as JSON (json-page's columnJson) as drizzle reads it: timestamps as Dates. */
function asDrizzleRow(table: PgTable, json: Row): Row {
  const row: Row = { ...json };
  for (const [name, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (column.columnType === 'PgTimestamp' && typeof row[name] === 'string') row[name] = new Date(row[name]);
  }
  return row;
}
