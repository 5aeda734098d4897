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
 * subject's whole row as text; and `created` and `review_key`, the order (the key parts ties, so
 * that two aggregates of the items agree on it).
 */
function pendingItems(subjects: readonly Subject[], groups: readonly string[] | 'all', sub: string, rows: boolean): SQL {
  const r = reviews;
  const sib = alias(reviews, 'sib');
  // Each kind of subject is read by one lateral join, which finds the row once for its facts,
  // names and whole text: as two subqueries it was found twice, 20 µs a review.
  const joins: SQL[] = [];
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
    const as = sql.identifier(`__s_${subject}`);
    joins.push(sql`left join lateral (select json_build_object('facts', ${objectText(subjectFacts(subject, fields))}::json,
        'names', ${lookupsJson(KIND_OF_SUBJECT[subject], table)}) as about, ${rows ? objectText(fields) : sql`null::text`} as whole
      from ${table} where ${r.subject_type} = ${subject} and ${columns.key} = ${r.subject_key} limit 1) as ${as} on true`);
    about.push(sql`${as}.about`);
    wholeRows.push(sql`${as}.whole`);
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
      'about', coalesce(${sql.join(about, sql`, `)}), 'past', ${past}) as item,
    coalesce(${sql.join(wholeRows, sql`, `)}) as whole, ${r.dateCreated} as created, ${r.key} as review_key
    from (select ${r}.* from ${r} where ${where} order by ${asc(r.dateCreated)}, ${asc(r.key)} limit ${MAX_PENDING}) as ${r}
    ${sql.join(joins, sql` `)}`;
}

/**
 * What a review queue reads, as JSON PostgreSQL writes, for a larger statement (the home): the
 * pending items (pendingItems, without the whole rows) and the designer records the reader owns.
 * The queue's due groups and deadlines come from the flow engine in JS (queueItems), so this
 * answer, made of the few fields they and the names need, is read back into rows.
 */
export function queueJson(subjects: readonly Subject[], groups: readonly string[] | 'all', sub: string): SQL {
  return sql`json_build_object('items', (select coalesce(json_agg(__q.item order by __q.created, __q.review_key), '[]'::json)
      from (${pendingItems(subjects, groups, sub, false)}) as __q), 'owned', ${ownDesignersJson(sub)})`;
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
 * Between two whole rows in one text: JSON text never holds a control character unescaped (the
 * database escapes them in strings), so it cannot occur inside a row.
 */
const ROW_SEPARATOR = '\u0001';

/**
 * The queue's reads in one statement of their own, one row of three texts. With `rows`, each
 * subject's whole row comes too, as the text the database wrote, for an answer that sends it on
 * unparsed: the rows in the items' order in one text, split at ROW_SEPARATOR (one text, not a row
 * of the result per item, which cost PGlite a third more).
 */
export async function readQueue(
  db: Db,
  subjects: readonly Subject[],
  groups: readonly string[] | 'all',
  sub: string,
  options: { rows?: boolean } = {},
): Promise<QueueReads> {
  // One pass over the items for both texts. A subject gone since its review was opened has no
  // row: an empty text keeps the others in step.
  const result = await db.execute<{ items: string; wholes: string | null; owned: string }>(
    sql`select coalesce(json_agg(__q.item order by __q.created, __q.review_key), '[]'::json)::text as items,
        string_agg(coalesce(__q.whole, ''), ${ROW_SEPARATOR} order by __q.created, __q.review_key) as wholes,
        ${ownDesignersJson(sub)}::text as owned
      from (${pendingItems(subjects, groups, sub, options.rows ?? false)}) as __q`,
  );
  const answer = result.rows[0]!;
  const reads = queueReadsOf({
    items: JSON.parse(answer.items) as QueueAnswerItem[],
    owned: JSON.parse(answer.owned) as string[],
  });
  if (options.rows && answer.wholes !== null) {
    answer.wholes.split(ROW_SEPARATOR).forEach((whole, i) => {
      const review = reads.pending[i]!;
      if (whole) reads.rows.set(subjectAt(review.subject_type as Subject, review.subject_key), whole);
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
