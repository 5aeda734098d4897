import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { designers, reviews } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { columnFields, objectText, rowOfJson, type JsonField } from '../query/json-page';
import { KIND_OF_SUBJECT } from '../naming/load-names';
import { lookupsJson, namingFields, type NameLookups } from '../naming/lookups';
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
  /**
   * `Entity:key` → what the queue needs of the subject's row (subjectFacts: its state, owner,
   * organisation and designer, what names it), as drizzle reads those fields.
   */
  subjects: Map<string, Row>;
  /** `Entity:key` → the subject's whole row as the JSON text the database wrote, when asked for (readQueue's `rows`). */
  rows: Map<string, string>;
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

/** Where a subject's row is kept in the reads: `Entity:key`. */
export function subjectAt(subject: Subject, key: string): string {
  return `${bindingForSubject(subject).entity}:${key}`;
}

/**
 * The fields of a subject's row the queue works with: its key and state, the owner, organisation
 * and designer the flow reads, and what names it. The rest of the row only passes through to the
 * page (readQueue's `rows`), so it is never parsed.
 */
function subjectFacts(subject: Subject, fields: readonly JsonField[]): JsonField[] {
  const { columns } = bindingForSubject(subject);
  const wanted = new Set<string>(['key', 'state', ...namingFields(KIND_OF_SUBJECT[subject])]);
  for (const column of Object.values(columns)) if (column) wanted.add(column);
  return fields.filter((f) => wanted.has(f.name));
}

/**
 * One row per pending review of `groups` (and of the designer group when the reader owns a
 * designer record), the oldest first, at most MAX_PENDING: `item`, the JSON of the review, its
 * subject's facts and names and every decision of its subject's reviews; with `rows`, `whole`, the
 * subject's whole row as text; and `created`, the order.
 */
function pendingItems(subjects: readonly Subject[], groups: readonly string[] | 'all', sub: string, rows: boolean): SQL {
  const r = reviews;
  const sib = alias(reviews, 'sib');
  const about: SQL[] = [];
  const wholeRows: SQL[] = [];
  for (const subject of new Set(subjects)) {
    const entity = bindingForSubject(subject).entity;
    const table = entities[entity].table as PgTable;
    // A subject kept in the reviews table itself would share its name with the outer rows.
    if (table === (reviews as PgTable)) throw new Error(`queue: ${subject} is kept in reviews`);
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const fields = columnFields(columns);
    if (!fields) throw new Error(`queue: ${entity} has a column the JSON read does not support`);
    const byKey = sql`from ${table} where ${columns.key} = ${r.subject_key} limit 1`;
    about.push(
      sql`when ${subject} then (select json_build_object('facts', ${objectText(subjectFacts(subject, fields))}::json,
        'names', ${lookupsJson(KIND_OF_SUBJECT[subject], table)}) ${byKey})`,
    );
    wholeRows.push(sql`when ${subject} then (select ${objectText(fields)} ${byKey})`);
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
  return sql`select json_build_object('review', ${objectText(reviewFields)}::json,
      'about', (case ${r.subject_type} ${sql.join(about, sql` `)} end), 'past', ${past}) as item,
    ${rows ? sql`(case ${r.subject_type} ${sql.join(wholeRows, sql` `)} end)` : sql`null::text`} as whole,
    ${r.dateCreated} as created
    from (select ${r}.* from ${r} where ${where} order by ${asc(r.dateCreated)} limit ${MAX_PENDING}) as ${r}`;
}

/**
 * What a review queue reads, as JSON PostgreSQL writes, for a larger statement (the home): the
 * pending items (pendingItems, without the whole rows) and the designer records the reader owns.
 * The queue's due groups and deadlines come from the flow engine in JS (queueItems), so this
 * answer, made of the few fields they and the names need, is read back into rows.
 */
export function queueJson(subjects: readonly Subject[], groups: readonly string[] | 'all', sub: string): SQL {
  return sql`json_build_object('items', (select coalesce(json_agg(__q.item order by __q.created), '[]'::json)
      from (${pendingItems(subjects, groups, sub, false)}) as __q),
    'owned', ${ownDesignersJson(sub)})`;
}

/** One pending item as the database wrote it. */
interface QueueAnswerItem {
  review: Row;
  about: { facts: Row; names: NameLookups } | null;
  past: SiblingDecision[];
}

/** What queueJson wrote, as rows. */
export interface QueueAnswer {
  items: QueueAnswerItem[];
  owned: string[];
}

/**
 * The queue's reads in one statement of their own, a row per item. With `rows`, each subject's
 * whole row comes too, as the text the database wrote, for an answer that sends it on unparsed.
 */
export async function readQueue(
  db: Db,
  subjects: readonly Subject[],
  groups: readonly string[] | 'all',
  sub: string,
  options: { rows?: boolean } = {},
): Promise<QueueReads> {
  const result = await db.execute<{ item: string; whole: string | null; owned: string }>(
    sql`select __q.item::text as item, __q.whole as whole, ${ownDesignersJson(sub)}::text as owned
      from (${pendingItems(subjects, groups, sub, options.rows ?? false)}) as __q order by __q.created`,
  );
  const owned = result.rows[0] ? (JSON.parse(result.rows[0].owned) as string[]) : [];
  const reads = queueReadsOf({ items: result.rows.map((row) => JSON.parse(row.item) as QueueAnswerItem), owned });
  if (options.rows) {
    result.rows.forEach((row, i) => {
      const review = reads.pending[i]!;
      if (row.whole !== null) reads.rows.set(subjectAt(review.subject_type as Subject, review.subject_key), row.whole);
    });
  }
  return reads;
}

export function queueReadsOf(answer: QueueAnswer): QueueReads {
  const reads: QueueReads = {
    pending: [],
    subjects: new Map(),
    rows: new Map(),
    names: new Map(),
    siblings: [],
    ownDesigners: answer.owned,
  };
  const seen = new Set<string>();
  for (const item of answer.items) {
    const review = rowOfJson(reviews, item.review) as ReviewRow;
    reads.pending.push(review);
    const entity = bindingForSubject(review.subject_type as Subject).entity;
    const at = subjectAt(review.subject_type as Subject, review.subject_key);
    if (item.about) {
      reads.subjects.set(at, rowOfJson(entities[entity].table as PgTable, item.about.facts));
      reads.names.set(at, item.about.names);
    }
    // Siblings once per subject, as one read of every subject's reviews gives them.
    if (!seen.has(review.subject_key)) reads.siblings.push(...item.past);
    seen.add(review.subject_key);
  }
  return reads;
}
