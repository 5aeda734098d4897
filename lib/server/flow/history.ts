import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviews, subjectVersions } from '../db/entities-schema';
import { logWorkflow, users } from '../db/schema';
import { AppError } from '../api/errors';
import { entities, type EntityDef } from '../entities/definitions';
import { getRecord } from '../entities/records';
import type { Viewer } from '../entities/viewer';
import { personName } from '../naming/format';
import { nameRow, namedKindOfEntity } from '../naming/load-names';
import { describeWorkflowEntry } from '../workflow/readable';
import { countDecisions } from './count-decisions';

/** A record's reviews (every round, each with its reviewer's name) and its workflow log. */
export async function subjectHistory(db: Db, def: EntityDef, viewer: Viewer, key: string) {
  const subject = await getRecord(db, def, viewer, key);
  const rounds = await db
    .select({
      key: reviews.key,
      group: reviews.group,
      step: reviews.step,
      state: reviews.state,
      comment: reviews.comment,
      markups: reviews.markups,
      revision: reviews.revision,
      dateCreated: reviews.dateCreated,
      dateUpdated: reviews.dateUpdated,
      reviewer: reviews.reviewer,
      reviewerName: users.nickname,
      reviewerFirst: users.firstName,
      reviewerLast: users.lastName,
    })
    .from(reviews)
    .leftJoin(users, eq(users.sub, reviews.reviewer))
    .where(eq(reviews.subject_key, key))
    .orderBy(asc(reviews.revision), asc(reviews.dateCreated));
  const entries = await db
    .select({ row: logWorkflow, first: users.firstName, last: users.lastName, nickname: users.nickname, email: users.email })
    .from(logWorkflow)
    .leftJoin(users, eq(users.sub, logWorkflow.sub))
    .where(eq(logWorkflow.key, key))
    .orderBy(desc(logWorkflow.time))
    .limit(200);
  const kind = namedKindOfEntity(def.name, subject);
  const record = kind ? await nameRow(db, kind, subject, viewer.lang) : null;
  // Each entry says who acted and what happened in words; the stored fields stay as they were.
  const log = entries.map(({ row, first, last, nickname, email }) => {
    const actor =
      !row.sub || row.sub === 'system' ? null : personName({ first_name: first, last_name: last, nickname, email }, viewer.lang);
    return {
      ...row,
      actor,
      readable: describeWorkflowEntry({ ...row, data: row.data as Record<string, unknown> }, actor, record, viewer.lang),
    };
  });
  const versions = await db
    .select({
      step: subjectVersions.step,
      revision: subjectVersions.revision,
      data: subjectVersions.data,
      dateCreated: subjectVersions.dateCreated,
    })
    .from(subjectVersions)
    .where(eq(subjectVersions.subject_key, key))
    .orderBy(asc(subjectVersions.dateCreated));
  return { subject, reviews: rounds, log, versions };
}

/** Decisions on a record counted by state and by group (GET /api/v1/Review/stats/{id}). */
export async function reviewStats(db: Db, def: EntityDef, viewer: Viewer, key: string) {
  await getRecord(db, def, viewer, key);
  const rows = await db.select({ group: reviews.group, state: reviews.state }).from(reviews).where(eq(reviews.subject_key, key));
  return { key, ...countDecisions(rows) };
}

/** The entities whose records follow a flow and are reviewed. */
export const FLOW_ENTITIES = ['IP', 'Usage', 'License', 'Product', 'SalesReport', 'Invoice'] as const;

/** Which flow entity a key belongs to, among those the viewer may see. */
export async function findSubject(db: Db, viewer: Viewer, key: string): Promise<EntityDef> {
  for (const name of FLOW_ENTITIES) {
    try {
      await getRecord(db, entities[name], viewer, key);
      return entities[name];
    } catch (err) {
      // Not this entity, or not visible: try the next. Anything else is a real failure.
      if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    }
  }
  throw new AppError('not_found', 'not found');
}
