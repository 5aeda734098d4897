import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { designers, reviews } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { columnFields, objectText } from '../query/json-page';
import { KIND_OF_SUBJECT } from '../naming/load-names';
import { lookupsJson, type NameLookups } from '../naming/lookups';
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
  /** `Entity:key` → what naming the subject needs from other records. */
  names: Map<string, NameLookups>;
  siblings: SiblingDecision[];
  /** The designer records the reader owns: a designer-group review is theirs when its IP's designer is one of them. */
  ownDesigners: string[];
}

/** The queue's most pending reviews read at once; more wait for the next read. */
const MAX_PENDING = 500;

/** The designer records a person owns, as the keys' JSON array. */
function ownDesignersJson(sub: string): SQL {
  return sql`(select coalesce(json_agg(${designers.key} order by ${designers.key}), '[]'::json) from ${designers} where ${eq(designers.owner, sub)})`;
}

/**
 * What a review queue reads, as JSON PostgreSQL writes in one statement: the pending reviews of
 * `groups` (and of the designer group when the reader owns a designer record), each with its
 * subject's row, what names it and every decision of its subject's reviews, and the designer
 * records the reader owns. The queue's due groups and deadlines come from the flow engine in JS
 * (queueItems), so the answer is read back into rows rather than sent on as it is. A part of a
 * larger statement (the home) or a statement of its own (readQueue).
 */
export function queueJson(subjects: readonly Subject[], groups: readonly string[] | 'all', sub: string): SQL {
  const r = reviews;
  const sib = alias(reviews, 'sib');
  const rows: SQL[] = [];
  const names: SQL[] = [];
  for (const subject of new Set(subjects)) {
    const entity = bindingForSubject(subject).entity;
    const table = entities[entity].table as PgTable;
    // A subject kept in the reviews table itself would share its name with the outer rows.
    if (table === (reviews as PgTable)) throw new Error(`queueJson: ${subject} is kept in reviews`);
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const fields = columnFields(columns);
    if (!fields) throw new Error(`queueJson: ${entity} has a column the JSON read does not support`);
    rows.push(
      sql`when ${subject} then (select ${objectText(fields)} from ${table} where ${columns.key} = ${r.subject_key} limit 1)`,
    );
    names.push(
      sql`when ${subject} then (select ${lookupsJson(KIND_OF_SUBJECT[subject], table)} from ${table} where ${columns.key} = ${r.subject_key} limit 1)`,
    );
  }
  const reviewFields = columnFields(getTableColumns(r) as Record<string, PgColumn>)!;
  const past = sql`(select coalesce(json_agg(json_build_object('subject_key', ${sib.subject_key}, 'step', ${sib.step},
      'revision', ${sib.revision}, 'group', ${sib.group}, 'reviewer', ${sib.reviewer}, 'state', ${sib.state})), '[]'::json)
    from ${reviews} as ${sql.identifier('sib')}
    -- Both columns of reviews_subject_idx: by the key alone, each pending review scanned every review.
    where ${sib.subject_type} = ${r.subject_type} and ${sib.subject_key} = ${r.subject_key})`;
  const mine =
    groups === 'all'
      ? undefined
      : or(
          groups.length ? inArray(r.group, [...groups]) : sql`false`,
          and(eq(r.group, 'designer'), sql`exists (select 1 from ${designers} where ${eq(designers.owner, sub)})`),
        );
  const where = and(inArray(r.subject_type, [...subjects]), eq(r.state, 'pending'), mine);
  return sql`json_build_object('items', (select coalesce(json_agg(json_build_object(
      'review', ${objectText(reviewFields)}::json,
      'subject', (case ${r.subject_type} ${sql.join(rows, sql` `)} end)::json,
      'names', (case ${r.subject_type} ${sql.join(names, sql` `)} end),
      'past', ${past}) order by ${r.dateCreated}), '[]'::json)
    from (select ${r}.* from ${r} where ${where} order by ${asc(r.dateCreated)} limit ${MAX_PENDING}) as ${r}),
    'owned', ${ownDesignersJson(sub)})`;
}

/** What queueJson wrote, as rows. */
export interface QueueAnswer {
  items: { review: Row; subject: Row | null; names: NameLookups | null; past: SiblingDecision[] }[];
  owned: string[];
}

/** The queue's reads in one statement of their own. */
export async function readQueue(
  db: Db,
  subjects: readonly Subject[],
  groups: readonly string[] | 'all',
  sub: string,
): Promise<QueueReads> {
  const result = await db.execute<{ answer: string }>(sql`select ${queueJson(subjects, groups, sub)}::text as answer`);
  return queueReadsOf(JSON.parse(result.rows[0]!.answer) as QueueAnswer);
}

export function queueReadsOf(answer: QueueAnswer): QueueReads {
  const reads: QueueReads = { pending: [], subjects: new Map(), names: new Map(), siblings: [], ownDesigners: answer.owned };
  const seen = new Set<string>();
  for (const item of answer.items) {
    const review = asDrizzleRow(reviews, item.review) as ReviewRow;
    reads.pending.push(review);
    const entity = bindingForSubject(review.subject_type as Subject).entity;
    const at = `${entity}:${review.subject_key}`;
    if (item.subject) reads.subjects.set(at, asDrizzleRow(entities[entity].table as PgTable, item.subject));
    if (item.names) reads.names.set(at, item.names);
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
