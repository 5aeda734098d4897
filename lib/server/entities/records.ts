import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../api/errors';
import { logRecordEdit } from '../audit/record-changes';
import type { Db } from '../db/client';
import { reviews, sales } from '../db/entities-schema';
import { openInitialStage } from '../flow/open-initial-stage';
import { forgetDefaultHolder } from '../holder/default-holder';
import { sqlStateOf } from '../db/unavailable';
import { newKey } from '../keys';
import { compileAggregate } from '../query/aggregate';
import { parseQueryRequest, runQuery } from '../query/page';
import { referenceInInsert } from '../refs/allocate';
import { referenceKindOf } from '../refs/entity-kind';
import { looksLikeReference, normaliseReference } from '../refs/format';
import { rollupOnReportState } from '../stats/on-report-state';
import { recordAcceptances } from '../terms/acceptances';
import { validationMessage } from '../../validation/messages';
import { deriveOnCreate, deriveOnPatch } from './create-hooks';
import type { EntityDef } from './definitions';
import {
  cancelVerification,
  holdUnverified,
  pendingVerifications,
  requestVerification,
  verifiedFieldsOf,
} from '../contacts/verified-fields';
import {
  asQueriedBy,
  assertMayChange,
  assertMayCreate,
  combine,
  isParty,
  mayDelete,
  mayWrite,
  readableFields,
  readScope,
} from './policy';
import { validateBatch, validateRecord } from './validate';
import type { Viewer } from './viewer';

export type Row = Record<string, unknown>;

function keyColumn(def: EntityDef): PgColumn {
  return getTableColumns(def.table).key as PgColumn;
}

function versionColumn(def: EntityDef): PgColumn {
  return getTableColumns(def.table).version as PgColumn;
}

/**
 * The record as the viewer may read it (field-level policy, lib/server/entities/policy.ts) and
 * what the viewer may know about its relation to it (SPEC §3 "mine flag").
 */
export function present(def: EntityDef, viewer: Viewer, row: Row): Row {
  const readable = readableFields(def, viewer, row);
  if (def.name === 'Designer') return { ...readable, mine: row.owner === viewer.sub };
  return readable;
}

function notFound(def: EntityDef): never {
  throw new AppError('not_found', `${def.name} not found`);
}

/** Readable but not the viewer's to change (another designer's public profile, say). */
function readOnly(): never {
  throw new AppError('forbidden', 'permission denied');
}

/** The stored row, if the viewer may see it at all; every field of it (for the policy's own checks). */
async function loadRecord(db: Db, def: EntityDef, viewer: Viewer, key: string): Promise<Row> {
  const rows = await db
    .select()
    .from(def.table as PgTable)
    .where(combine(eq(keyColumn(def), key), readScope(def, viewer)))
    .limit(1);
  const row = rows[0] as Row | undefined;
  if (!row) notFound(def);
  return row;
}

/**
 * Records as presented, plus the contact values waiting for confirmation (`pending_verification`)
 * on those the viewer is the party of: what the profile form tells its owner.
 */
async function presentAll(db: Db, def: EntityDef, viewer: Viewer, rows: Row[]): Promise<Row[]> {
  const shown = rows.map((row) => present(def, viewer, row));
  if (verifiedFieldsOf(def).length === 0) return shown;
  const own = rows.filter((row) => isParty(def, viewer, row)).map((row) => String(row.key));
  const pending = await pendingVerifications(db, def, own);
  return shown.map((row) => {
    const waiting = pending.get(String(row.key));
    return waiting ? { ...row, pending_verification: waiting } : row;
  });
}

async function presentWithPending(db: Db, def: EntityDef, viewer: Viewer, row: Row): Promise<Row> {
  return (await presentAll(db, def, viewer, [row]))[0]!;
}

export async function getRecord(db: Db, def: EntityDef, viewer: Viewer, key: string): Promise<Row> {
  return presentWithPending(db, def, viewer, await loadRecord(db, def, viewer, key));
}

/**
 * A constraint the schema cannot see (a duplicate name, say): status 4, nothing written, and a
 * reason in the reader's words (the database's own message names tables and constraints).
 */
function notStored(err: unknown, lang: Viewer['lang'], message: string): AppError {
  const duplicate = sqlStateOf(err) === '23505';
  const reason = duplicate
    ? { jp: '同じ値を持つレコードが既にあります。', en: 'A record with the same value already exists.' }
    : { jp: 'レコードを保存できませんでした。入力を確認してください。', en: 'The record could not be saved; check the values.' };
  return new AppError('create_failed', message, { reason: reason[lang] });
}

/**
 * GET /api/v1/{Entity}/{id}: a record by its key or, for entities that have one, by its reference
 * as a person typed it (`lic-2026-0042` and full-width forms included).
 */
export async function getRecordByKeyOrReference(db: Db, def: EntityDef, viewer: Viewer, id: string): Promise<Row> {
  const columns = getTableColumns(def.table);
  if (/^[A-Za-z0-9]{1,64}$/.test(id)) {
    const rows = await db
      .select()
      .from(def.table as PgTable)
      .where(combine(eq(keyColumn(def), id), readScope(def, viewer)))
      .limit(1);
    if (rows[0]) return presentWithPending(db, def, viewer, rows[0] as Row);
  }
  const reference = columns.reference as PgColumn | undefined;
  if (!reference || !looksLikeReference(id)) notFound(def);
  const rows = await db
    .select()
    .from(def.table as PgTable)
    .where(combine(eq(reference, normaliseReference(id)), readScope(def, viewer)))
    .limit(1);
  if (!rows[0]) notFound(def);
  return presentWithPending(db, def, viewer, rows[0] as Row);
}

async function insertOne(db: Db, def: EntityDef, values: Row, lang: Viewer['lang']): Promise<Row> {
  const kind = referenceKindOf(def.name, values);
  const holder = typeof values.holder === 'string' ? values.holder : undefined;
  // The reference is drawn by the INSERT itself: see referenceInInsert for why not before it.
  const reference = kind ? await referenceInInsert(db, kind, { holder }) : undefined;
  try {
    const [row] = (await (reference ? db.with(reference.cte) : db)
      .insert(def.table as PgTable)
      .values({ ...values, key: newKey(), ...(reference ? { reference: reference.value } : {}) } as never)
      .returning()) as Row[];
    return row!;
  } catch (err) {
    throw notStored(err, lang, 'the record could not be created');
  }
}

export async function createRecord(db: Db, def: EntityDef, viewer: Viewer, body: unknown): Promise<Row> {
  const parsed = validateRecord(def.create, body, viewer.lang) as Row;
  assertMayCreate(def, viewer, parsed);
  const { values, held } = await holdUnverified(db, def, viewer, null, await deriveOnCreate(db, def, viewer, parsed));
  // The record and the review round it is born into land together, or neither does.
  const row = await db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const inserted = await insertOne(tx, def, values, viewer.lang);
    await openInitialStage(tx, viewer, def.name, inserted);
    await keepAcceptanceEvidence(tx, def, viewer, null, parsed, inserted);
    await requestVerification(tx, def, viewer, inserted, held);
    return inserted;
  });
  return presentWithPending(db, def, viewer, row);
}

/**
 * Terms a change accepts on a Designer or Licensee record (SPEC §4 "Accepting patches the record")
 * are written down as evidence with the record, in its transaction. Only what the body itself
 * sets counts: versions carried over from the person's own record were recorded when accepted.
 */
async function keepAcceptanceEvidence(tx: Db, def: EntityDef, viewer: Viewer, before: Row | null, body: Row, row: Row) {
  if ((def.name !== 'Designer' && def.name !== 'Licensee') || body.accepted_terms_version === undefined) return;
  await recordAcceptances(tx, {
    sub: viewer.sub,
    recordType: def.name,
    recordKey: String(row.key),
    before: (before?.accepted_terms_version ?? null) as Row | null,
    after: body.accepted_terms_version as Row,
  });
}

/** A batch is all or nothing: every body validates (else status 15) and one transaction inserts all. */
export async function createBatch(db: Db, def: EntityDef, viewer: Viewer, bodies: unknown): Promise<Row[]> {
  const parsed = validateBatch(def.create, bodies, viewer.lang) as Row[];
  for (const body of parsed) assertMayCreate(def, viewer, body);
  return db.transaction(async (tx) => {
    const created: Row[] = [];
    for (const body of parsed) {
      const derived = await deriveOnCreate(tx as unknown as Db, def, viewer, body);
      const { values, held } = await holdUnverified(tx, def, viewer, null, derived);
      const row = await insertOne(tx as unknown as Db, def, values, viewer.lang);
      await openInitialStage(tx as unknown as Db, viewer, def.name, row);
      await keepAcceptanceEvidence(tx as unknown as Db, def, viewer, null, body, row);
      await requestVerification(tx, def, viewer, row, held);
      created.push(row);
    }
    return created.map((row) => present(def, viewer, row));
  });
}

function staleVersion(viewer: Viewer): never {
  throw new AppError('conflict', 'version conflict', {
    errors: { version: validationMessage({ code: 'version' }, viewer.lang) },
    codes: { version: { code: 'version' } },
  });
}

/**
 * Changes the fields named in the body in one UPDATE. A body naming `version` is applied only
 * if the record still has it (409 otherwise); without it, untouched fields are never overwritten.
 */
export async function patchRecord(db: Db, def: EntityDef, viewer: Viewer, key: string, body: unknown): Promise<Row> {
  const parsed = validateRecord(def.patch, body, viewer.lang) as Row;
  const { version, ...changes } = parsed;
  const current = await loadRecord(db, def, viewer, key);
  if (!mayWrite(def, viewer, current)) readOnly();
  if (version !== undefined && version !== current.version) staleVersion(viewer);
  // What the body asks for is checked before anything is looked up for it, then what derives from it.
  assertMayChange(def, viewer, current, changes);
  const derived = await deriveOnPatch(db, def, viewer, current, changes);
  assertMayChange(def, viewer, current, derived);
  // A contact address other than the account's waits for its owner's confirmation; the old one stays.
  const { values, held } = await holdUnverified(db, def, viewer, current, derived);
  const conditions: SQL[] = [eq(keyColumn(def), key)];
  if (version !== undefined) conditions.push(eq(versionColumn(def), version));
  // The holder's settings feed every flow and reference of this request: its later reads see the change.
  if (def.name === 'Holder') forgetDefaultHolder();
  const row = await db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    let updated: Row[];
    try {
      updated = (await tx
        .update(def.table as PgTable)
        .set({ ...values, version: sql`${versionColumn(def)} + 1`, dateUpdated: new Date() } as never)
        .where(and(...conditions))
        .returning()) as Row[];
    } catch (err) {
      throw notStored(err, viewer.lang, 'the record could not be changed');
    }
    // Someone else's update landed between the read and this write.
    if (!updated[0]) staleVersion(viewer);
    await keepAcceptanceEvidence(tx, def, viewer, current, values, updated[0]);
    // An organisation's profile and the holder's settings are administrative: logged with the change.
    await logRecordEdit(tx, viewer.sub, def.name, current, updated[0]);
    // A new address written directly (the account's own, or by holder staff) ends the wait for another.
    const changed = verifiedFieldsOf(def).filter((field) => field in values && values[field] !== current[field]);
    await cancelVerification(tx, def, key, changed);
    await requestVerification(tx, def, viewer, updated[0], held);
    return updated[0];
  });
  return presentWithPending(db, def, viewer, row);
}

export async function deleteRecord(db: Db, def: EntityDef, viewer: Viewer, key: string): Promise<{ key: string }> {
  const current = await loadRecord(db, def, viewer, key);
  if (!mayDelete(def, viewer, current)) readOnly();
  await db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    if (def.name === 'SalesReport') {
      // A report withdrawn before cfl decides takes its rows with it, and its review is closed;
      // holder staff may delete an approved one too, so the statistics roll-up drops its rows.
      await rollupOnReportState(tx, key, 'deleted');
      await tx.delete(sales).where(eq(sales.report, key));
      await tx
        .update(reviews)
        .set({ state: 'closed', dateUpdated: new Date() })
        .where(and(eq(reviews.subject_key, key), eq(reviews.state, 'pending')));
    }
    await tx.delete(def.table as PgTable).where(eq(keyColumn(def), key));
  });
  return { key };
}

/** A query page of what the viewer may see; a body the language does not allow is status 5. */
export async function queryRecords(
  db: Db,
  def: EntityDef,
  viewer: Viewer,
  body: unknown,
): Promise<{ items: Row[]; nextCursor: string | null }> {
  const plan = parseQueryRequest(asQueriedBy(def, viewer), body ?? {});
  const page = await runQuery(db, def, plan, readScope(def, viewer));
  return { items: await presentAll(db, def, viewer, page.rows as Row[]), nextCursor: page.nextCursor };
}

export async function aggregateRecords(
  db: Db,
  def: EntityDef,
  viewer: Viewer,
  body: unknown,
): Promise<Record<string, unknown>[]> {
  const pipeline = body && typeof body === 'object' && !Array.isArray(body) ? (body as { pipeline?: unknown }).pipeline : body;
  return compileAggregate(asQueriedBy(def, viewer), pipeline)(db, readScope(def, viewer));
}
