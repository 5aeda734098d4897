import { eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../api/errors';
import { JsonText } from '../api/json-text';
import { verifiedFieldsOf } from '../contacts/verified-fields';
import type { DbHandle } from '../db/client';
import { contactVerifications } from '../db/platform-schema';
import { callerScope } from '../db/answer-key';
import { selectText } from '../db/select-text';
import { fixedPart, shapeCacheOn } from '../db/sql-shape';
import { columnFields, objectText, oneStatement, pageStatement, withMember, type JsonField } from '../query/json-page';
import { parseQueryRequest } from '../query/page';
import { looksLikeReference, normaliseReference } from '../refs/format';
import type { Caller } from '../api/authenticate';
import type { EntityDef } from './definitions';
import { getRecordByKeyOrReference, queryRecords, type Row } from './records';
import { readViewerOf, viewerOf } from './viewer';
import { asQueriedBy, combine, partyCondition, readScope, type ScopeViewer } from './policy';

/**
 * The entity reads of the API (query, list, get) as one statement each, whose answer PostgreSQL
 * builds as JSON text: the rows the viewer may see, each as `present` and `presentAll` in
 * records.ts show it (party-only fields left out for others, a designer's `mine`, the contact
 * values waiting for confirmation for the record's party). Equal in content to those functions;
 * null from `recordJson` when an entity has a column this does not reproduce (then use them).
 */

/** Rows as JSON that are the same for every viewer, built once per entity (null: not supported). */
const sameForAll = new WeakMap<EntityDef, SQL | null>();

/** The JSON text of one row as the viewer may read it, or undefined when a column is not supported. */
export function recordJson(def: EntityDef, viewer: ScopeViewer): SQL | undefined {
  const party = partyCondition(def, viewer);
  // Only a designer's `mine` and the party-only fields depend on who reads.
  if (def.name === 'Designer' || party || !shapeCacheOn) return buildRecordJson(def, viewer, party);
  let item = sameForAll.get(def);
  if (item === undefined) {
    const built = buildRecordJson(def, viewer, undefined);
    item = built ? fixedPart(built) : null;
    sameForAll.set(def, item);
  }
  return item ?? undefined;
}

function buildRecordJson(def: EntityDef, viewer: ScopeViewer, party: SQL | undefined): SQL | undefined {
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const all = columnFields(columns);
  if (!all) return undefined;
  const mine: JsonField[] =
    def.name === 'Designer' ? [{ name: 'mine', value: sql`coalesce(${columns.owner} = ${viewer.sub}, false)` }] : [];
  const full = objectText([...all, ...mine]);
  let item = full;
  if (party) {
    const shown = objectText([...all.filter((f) => def.fields[f.name]?.read !== 'party'), ...mine]);
    item = sql`case when ${party} then ${full} else ${shown} end`;
  }
  if (verifiedFieldsOf(def).length > 0) {
    const pending = pendingText(def, columns.key!);
    item = withMember(item, 'pending_verification', party ? sql`case when ${party} then ${pending} end` : pending);
  }
  return item;
}

/** `{ field: value }` of the contact values of a record waiting for confirmation, as JSON text; null for none. */
function pendingText(def: EntityDef, key: PgColumn): SQL {
  const cv = contactVerifications;
  return sql`(select '{' || string_agg(to_json(${cv.field})::text || ':' || to_json(${cv.value})::text, ',') || '}'
    from ${cv} where ${cv.entity} = ${def.name} and ${cv.record} = ${key} and ${cv.state} = 'pending' and ${cv.expiresAt} > now())`;
}

/**
 * A query page `{ items, nextCursor }` as JSON text; a body the language does not allow is
 * status 5. An entity this cannot build (recordJson) is answered by queryRecords instead.
 */
export async function queryRecordsJson(
  handle: DbHandle,
  def: EntityDef,
  caller: Caller,
  body: unknown,
): Promise<JsonText | Awaited<ReturnType<typeof queryRecords>>> {
  const viewer = readViewerOf(caller);
  const item = recordJson(def, viewer);
  if (!item) return queryRecords(handle.db, def, await viewerOf(handle.db, caller), body);
  const plan = parseQueryRequest(asQueriedBy(def, viewer), body ?? {});
  const text = await selectText(
    handle,
    pageStatement({
      table: def.table,
      where: combine(readScope(def, viewer), plan.where, plan.after),
      orderBy: plan.orderBy,
      limit: plan.limit,
      item,
      sort: plan.sort,
    }),
    callerScope(caller),
  );
  // An aggregate without GROUP BY always answers one row.
  if (text === null) throw new Error('page statement returned no row');
  return new JsonText(text);
}

/**
 * A record by its key or, for entities that have one, by its reference as a person typed it, as
 * getRecordByKeyOrReference (records.ts) finds it: a row found by key wins over one by reference.
 */
export async function getRecordJson(handle: DbHandle, def: EntityDef, caller: Caller, id: string): Promise<JsonText | Row> {
  const viewer = readViewerOf(caller);
  const item = recordJson(def, viewer);
  if (!item) return getRecordByKeyOrReference(handle.db, def, await viewerOf(handle.db, caller), id);
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const byKey = /^[A-Za-z0-9]{1,64}$/.test(id) ? eq(columns.key!, id) : undefined;
  const byReference = columns.reference && looksLikeReference(id) ? eq(columns.reference, normaliseReference(id)) : undefined;
  if (!byKey && !byReference) notFound(def);
  const which = byKey && byReference ? or(byKey, byReference)! : (byKey ?? byReference)!;
  const orderBy = byKey && byReference ? [sql`(${columns.key} = ${id}) desc`] : [];
  const statement = oneStatement(def.table, combine(which, readScope(def, viewer))!, orderBy, item);
  const text = await selectText(handle, statement, callerScope(caller));
  if (text === null) notFound(def);
  return new JsonText(text);
}

function notFound(def: EntityDef): never {
  throw new AppError('not_found', `${def.name} not found`);
}
