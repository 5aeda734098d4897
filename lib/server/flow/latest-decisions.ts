import { and, asc, getTableColumns, inArray, notInArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { lastDecision } from '../../flow/last-decision';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { key } from '../entities/field-rules';
import { readScope } from '../entities/policy';
import { validateRecord } from '../entities/validate';
import type { Viewer } from '../entities/viewer';
import { FLOW_ENTITIES } from './history';
import { subjectsOfEntity } from './subjects';

/** Body of POST /api/v1/Review/latest: one entity's records, as many as a list shows at once. */
export const latestDecisionsInput = z
  .object({
    entity: z.enum(FLOW_ENTITIES),
    keys: z.array(key()).min(1).max(200),
  })
  .strict();

export interface LatestDecision {
  /** The record decided on. */
  subject: string;
  group: string | null;
  state: string;
  comment: string | null;
  revision: number;
  dateUpdated: Date;
}

/**
 * The last decision on each of the records a list shows (lib/flow/last-decision's rule), in one
 * read instead of a whole history per row. Records the viewer may not read, and records nobody has
 * decided on yet, are simply absent from the answer.
 */
export async function latestDecisions(db: Db, viewer: Viewer, body: unknown): Promise<{ items: LatestDecision[] }> {
  const input = validateRecord(latestDecisionsInput, body ?? {}, viewer.lang);
  const def = entities[input.entity];
  const keyColumn = getTableColumns(def.table).key as PgColumn;
  const visible = db
    .select({ key: keyColumn })
    .from(def.table as PgTable)
    .where(and(inArray(keyColumn, input.keys), readScope(def, viewer)));
  const rounds = await db
    .select({
      subject: reviews.subject_key,
      group: reviews.group,
      state: reviews.state,
      comment: reviews.comment,
      revision: reviews.revision,
      dateUpdated: reviews.dateUpdated,
    })
    .from(reviews)
    .where(
      and(
        inArray(reviews.subject_type, subjectsOfEntity(input.entity)),
        inArray(reviews.subject_key, visible),
        notInArray(reviews.state, ['pending', 'closed']),
      ),
    )
    .orderBy(asc(reviews.subject_key), asc(reviews.revision));
  const bySubject = new Map<string, LatestDecision[]>();
  for (const round of rounds) bySubject.set(round.subject, [...(bySubject.get(round.subject) ?? []), round]);
  const items: LatestDecision[] = [];
  for (const subjectRounds of bySubject.values()) {
    const last = lastDecision(subjectRounds);
    if (last) items.push(last);
  }
  return { items };
}
