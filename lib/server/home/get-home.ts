import { sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { defaultHolder } from '../flow/facts';
import { accessRequestsPart } from './access-requests';
import { applicationPart } from './application';
import { changesPart } from './changes';
import { homeContext } from './context';
import { contractsPart } from './contracts';
import { designerApplicationsPart } from './designer-applications';
import { invitationsPart } from './invitations';
import { invoicesPart } from './invoices';
import { notificationsPart } from './notifications';
import { permitsPart } from './permits';
import { reportsPart } from './reports';
import { reviewsPart } from './reviews';
import type { HomeData, HomePart, HomeSection } from './types';

/**
 * GET /api/home: what waits for the caller, one section per concern, read in one statement whose
 * answer the database builds as JSON. What each section offers is decided before it is read (the
 * flow engine's answers become SQL, offeredStepSql), and what names each record is read with it,
 * so nothing is read twice: the sections then name their records in the reader's language.
 */
export async function getHome(db: Db, caller: Caller, now = new Date()): Promise<HomeData> {
  const ctx = homeContext(caller, await defaultHolder(db), now);
  // Each part's answer goes to its own finish; the parts' types differ, the statement joins them.
  const parts = [
    reviewsPart(ctx),
    contractsPart(ctx),
    changesPart(ctx),
    permitsPart(ctx),
    reportsPart(ctx),
    invoicesPart(ctx),
    accessRequestsPart(ctx),
    designerApplicationsPart(ctx),
    invitationsPart(ctx),
    notificationsPart(ctx),
    applicationPart(ctx),
  ].filter((part) => part !== null) as HomePart<unknown>[];
  const members = parts.map(
    (part) => sql`${part.id}::text, ${part.present ? sql`case when ${part.present} then ${part.json} end` : part.json}`,
  );
  const result = await db.execute<{ answer: string }>(
    sql`select json_build_object(${sql.join(members, sql`, `)})::text as answer`,
  );
  const answer = JSON.parse(result.rows[0]!.answer) as Record<string, unknown>;
  const sections = parts.map((part) => (answer[part.id] === null ? null : part.finish(answer[part.id])));
  return { sections: sections.filter((s): s is HomeSection => s !== null) };
}
