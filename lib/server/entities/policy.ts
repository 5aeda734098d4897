import { and, eq, inArray, is, or, sql, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { EntityDef } from './definitions';
import type { Viewer } from './viewer';

type Row = Record<string, unknown>;

function col(def: EntityDef, name: string): PgColumn {
  const column = getTableColumns(def.table)[name];
  if (!column) throw new Error(`${def.name} has no column ${name}`);
  return column;
}

const none = sql`false`;

function anyOf(def: EntityDef, column: string, keys: readonly string[] | SQL): SQL {
  if (is(keys, SQL)) return sql`${col(def, column)} in ${keys}`;
  return keys.length ? inArray(col(def, column), [...keys]) : none;
}

/**
 * What the read rules need of a viewer. The designer records it owns may also be a subquery
 * (`(select key from designers where owner = …)`), so a read builds its whole scope into its one
 * statement instead of looking them up first; either form selects the same rows.
 */
export type ScopeViewer = Omit<Viewer, 'designers'> & { designers: readonly string[] | SQL };

/** IP states everyone signed in may see; drafts and reviews in progress stay with their people. */
export const VISIBLE_IP_STATES = ['published', 'approved'];

/**
 * Rows the viewer may read, as a WHERE condition (undefined: all). Records of other
 * organisations or other designers simply do not exist for the viewer: "not found".
 */
export function readScope(def: EntityDef, viewer: ScopeViewer): SQL | undefined {
  if (viewer.holder) return undefined;
  switch (def.name) {
    case 'Tag':
    case 'Holder':
    case 'Designer':
      return undefined;
    case 'IP':
      return or(
        inArray(col(def, 'state'), VISIBLE_IP_STATES),
        eq(col(def, 'owner'), viewer.sub),
        anyOf(def, 'designer', viewer.designers),
      );
    case 'Licensee':
      return anyOf(def, 'key', viewer.licensees);
    case 'License':
      return or(
        anyOf(def, 'licensee', viewer.licensees),
        anyOf(def, 'designer', viewer.designers),
        eq(col(def, 'applicant'), viewer.sub),
      );
    case 'Product':
      return or(anyOf(def, 'licensee', viewer.licensees), anyOf(def, 'designer', viewer.designers));
    case 'Sales':
    case 'SalesReport':
    case 'Invoice':
      return anyOf(def, 'licensee', viewer.licensees);
    case 'Usage':
      return or(eq(col(def, 'applicant'), viewer.sub), anyOf(def, 'designer', viewer.designers));
    case 'Review':
      return eq(col(def, 'reviewer'), viewer.sub);
  }
}

/**
 * Whether the viewer is the record's own party and so reads its party-only fields (definitions:
 * `partyOnly`): holder staff always; a designer its own record; an organisation's staff theirs.
 */
export function isParty(def: EntityDef, viewer: ScopeViewer, row: Row): boolean {
  if (viewer.holder) return true;
  switch (def.name) {
    case 'Designer':
      return row.owner !== null && row.owner !== undefined && row.owner === viewer.sub;
    case 'Licensee':
      return viewer.licenseeStaff.includes(String(row.key));
    default:
      return true;
  }
}

/**
 * isParty as a condition on the row, for reads the database answers (read-json.ts); undefined
 * when the viewer is the party of every row. Kept beside isParty: the two must say the same.
 */
export function partyCondition(def: EntityDef, viewer: ScopeViewer): SQL | undefined {
  if (viewer.holder) return undefined;
  switch (def.name) {
    case 'Designer':
      return sql`coalesce(${col(def, 'owner')} = ${viewer.sub}, false)`;
    case 'Licensee':
      return anyOf(def, 'key', viewer.licenseeStaff);
    default:
      return undefined;
  }
}

/** The record as this viewer may read it: party-only fields are left out for everyone else. */
export function readableFields(def: EntityDef, viewer: Viewer, row: Row): Row {
  if (isParty(def, viewer, row)) return row;
  const out: Row = {};
  for (const [name, value] of Object.entries(row)) {
    if (def.fields[name]?.read !== 'party') out[name] = value;
  }
  return out;
}

/**
 * Fields the viewer may filter, sort or group on: a condition on a field reveals it as surely as
 * reading it, so only the fields the viewer reads on every record in its scope. Holder staff read
 * everything; anyone else the fields every reader sees.
 */
export function queryableFields(def: EntityDef, viewer: ScopeViewer): readonly string[] {
  if (readsPartyFieldsOfAll(def, viewer)) return def.queryable;
  return def.queryable.filter((name) => def.fields[name]?.read !== 'party');
}

/** Whether the viewer is the party of every record its read scope holds (see isParty). */
function readsPartyFieldsOfAll(def: EntityDef, viewer: ScopeViewer): boolean {
  if (viewer.holder) return true;
  switch (def.name) {
    case 'Designer':
      // Every designer's public profile is in scope: only one record is the viewer's own.
      return false;
    case 'Licensee':
      return viewer.licensees.every((key) => viewer.licenseeStaff.includes(key));
    default:
      return true;
  }
}

/** The entity as the query compiler should see it for this viewer. */
export function asQueriedBy(def: EntityDef, viewer: ScopeViewer): EntityDef {
  const queryable = queryableFields(def, viewer);
  return queryable === def.queryable ? def : { ...def, queryable };
}

function forbid(): never {
  throw new AppError('forbidden', 'permission denied');
}

/** Function- and object-level check for creating a record from a validated body. */
export function assertMayCreate(def: EntityDef, viewer: Viewer, body: Row): void {
  switch (def.name) {
    case 'Tag':
    case 'Holder':
    case 'Licensee':
      if (!viewer.product) forbid();
      return;
    case 'Review':
      if (!viewer.holder) forbid();
      return;
    case 'SalesReport':
      // Reports are made by the import service (POST /api/sales/report or /api/sales/import), for everyone.
      forbid();
      return;
    case 'IP':
      if (body.kind === 'primary' ? !viewer.product : !(viewer.designerRole || viewer.holder)) forbid();
      if (body.designer && !viewer.holder && !viewer.designers.includes(String(body.designer))) forbid();
      return;
    case 'Designer':
      // Designer records are made by the designer application (POST /api/liquid/issue/{id});
      // administrators keep data maintenance.
      if (!viewer.admin) forbid();
      return;
    case 'Usage':
      if (!viewer.designerRole && !viewer.holder) forbid();
      if (body.designer && !viewer.holder && !viewer.designers.includes(String(body.designer))) forbid();
      return;
    case 'License': {
      if (viewer.holder) return;
      const forOwnOrg = viewer.licensees.includes(String(body.licensee));
      const asDesigner =
        body.designer !== undefined && body.designer !== null && viewer.designers.includes(String(body.designer));
      if (!forOwnOrg && !asDesigner) forbid();
      return;
    }
    case 'Product':
    case 'Sales':
    case 'Invoice':
      // The organisation is checked against the license (or the body) by the create hooks.
      if (!viewer.holder && viewer.licensees.length === 0) forbid();
      return;
  }
}

/** Object-level check for changing or deleting a row the viewer can already read. */
/**
 * States in which an applicant may still change their own record: once it is with the
 * reviewers (or decided), what they decide on must not change under them.
 */
export const EDITABLE_STATES: Partial<Record<EntityDef['name'], readonly string[]>> = {
  IP: ['draft', 'changes_requested'],
  Usage: ['requested', 'changes_requested'],
  License: ['applied', 'changes_requested'],
  Product: ['draft', 'changes_requested'],
  Sales: ['submitted'],
  SalesReport: ['submitted'],
  Invoice: ['draft'],
};

function editable(def: EntityDef, row: Row): boolean {
  const states = EDITABLE_STATES[def.name];
  return !states || states.includes(String(row.state));
}

export function mayWrite(def: EntityDef, viewer: Viewer, row: Row): boolean {
  if (viewer.holder) return def.name !== 'Holder' || viewer.product;
  switch (def.name) {
    case 'Tag':
    case 'Holder':
    case 'Review':
      return false;
    case 'IP':
      return row.owner === viewer.sub && editable(def, row);
    case 'Designer':
      return row.owner === viewer.sub;
    case 'Licensee':
      return viewer.licenseeAdmin.includes(String(row.key));
    case 'License':
      return (row.applicant === viewer.sub || viewer.licensees.includes(String(row.licensee))) && editable(def, row);
    case 'Sales':
      // A row changes only with its report (rejected, then reported again): its totals stay true.
      return false;
    case 'Product':
    case 'SalesReport':
      return viewer.licensees.includes(String(row.licensee)) && editable(def, row);
    case 'Invoice':
      // Built from approved sales by /api/invoice/draft and moved by its flow: an organisation
      // neither edits nor deletes one (its sales rows are already marked invoiced).
      return false;
    case 'Usage':
      return row.applicant === viewer.sub && editable(def, row);
  }
}

/**
 * Whether the viewer may delete a row it may change: a designer's own record goes only with the
 * holder's data maintenance (it is made by the designer application, and its IPs hang on it).
 */
export function mayDelete(def: EntityDef, viewer: Viewer, row: Row): boolean {
  if (def.name === 'Designer') return viewer.holder;
  return mayWrite(def, viewer, row);
}

/** Body fields the create rule of an entity reads (assertMayCreate), so a change to them is checked by it too. */
const CREATE_RULE_FIELDS: Partial<Record<EntityDef['name'], readonly string[]>> = {
  IP: ['kind', 'designer'],
  Usage: ['designer'],
  License: ['licensee', 'designer'],
};

/**
 * A change may not make a record the caller could not have created or could not change: moving
 * it to another organisation or designer, or promoting an IP to primary.
 */
export function assertMayChange(def: EntityDef, viewer: Viewer, current: Row, changes: Row): void {
  const next = { ...current, ...changes };
  if (!mayWrite(def, viewer, next)) forbid();
  if (CREATE_RULE_FIELDS[def.name]?.some((field) => field in changes)) assertMayCreate(def, viewer, next);
}

export function combine(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : and(...present);
}
