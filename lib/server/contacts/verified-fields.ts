import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getConfig } from '../../config';
import type { DbOrTx } from '../common/tx';
import { contactVerifications } from '../db/platform-schema';
import { users } from '../db/schema';
import type { EntityDef } from '../entities/definitions';
import type { Viewer } from '../entities/viewer';
import { expiryFrom, newInviteToken } from '../invite/token';
import { newKey } from '../keys';
import { sendTemplate } from '../mail/send-template';

type Row = Record<string, unknown>;

/** How long a confirmation link works. */
export const CONTACT_VERIFY_TTL_HOURS = 48;

export function verifiedFieldsOf(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, policy]) => policy.write === 'verified')
    .map(([name]) => name);
}

export function sameAddress(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

export async function accountEmail(db: DbOrTx, sub: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.sub, sub)).limit(1);
  return row?.email ?? null;
}

export interface HeldValue {
  field: string;
  value: string;
}

/**
 * Splits a create or patch's values into what is written now and what waits for confirmation
 * (definitions: `verified`). Holder staff maintain records and write directly; anyone else writes
 * directly only the record's current value or their own account's address. A new record made by
 * anyone else starts with the account's address.
 */
export async function holdUnverified(
  db: DbOrTx,
  def: EntityDef,
  viewer: Viewer,
  current: Row | null,
  values: Row,
): Promise<{ values: Row; held: HeldValue[] }> {
  const fields = verifiedFieldsOf(def).filter((field) => typeof values[field] === 'string');
  if (viewer.holder || fields.length === 0) return { values, held: [] };
  const own = await accountEmail(db, viewer.sub);
  const now: Row = { ...values };
  const held: HeldValue[] = [];
  for (const field of fields) {
    const wanted = values[field] as string;
    if (sameAddress(wanted, own) || (current && sameAddress(wanted, current[field]))) continue;
    held.push({ field, value: wanted });
    if (current) delete now[field];
    else now[field] = own ?? '';
  }
  return { values: now, held };
}

/** A record's name in the confirmation mail: what its owner calls it. */
function recordName(def: EntityDef, row: Row): string {
  const name = def.name === 'Designer' ? row.creator_name : row.name;
  return typeof name === 'string' && name.trim() ? name.trim() : def.name;
}

/**
 * Records the held values (a newer request replaces an older one for the same field) and mails a
 * single-use link to each new address, in the caller's transaction: no request, no mail.
 */
export async function requestVerification(
  tx: DbOrTx,
  def: EntityDef,
  viewer: Pick<Viewer, 'sub' | 'lang'>,
  row: Row,
  held: readonly HeldValue[],
): Promise<void> {
  const config = getConfig();
  for (const { field, value } of held) {
    await tx
      .update(contactVerifications)
      .set({ state: 'superseded' })
      .where(
        and(
          eq(contactVerifications.entity, def.name),
          eq(contactVerifications.record, String(row.key)),
          eq(contactVerifications.field, field),
          eq(contactVerifications.state, 'pending'),
        ),
      );
    const { token, hash } = newInviteToken();
    await tx.insert(contactVerifications).values({
      key: newKey(),
      entity: def.name,
      record: String(row.key),
      field,
      value,
      tokenHash: hash,
      requestedBy: viewer.sub,
      lang: viewer.lang,
      expiresAt: expiryFrom(new Date(), CONTACT_VERIFY_TTL_HOURS),
    });
    await sendTemplate(tx, {
      to: value,
      template: 'contact-verify',
      lang: viewer.lang,
      vars: {
        name: recordName(def, row),
        url: `${config.appUrl}/${viewer.lang}/verify-contact?token=${token}`,
        hours: CONTACT_VERIFY_TTL_HOURS,
        site: config.systemTitle,
      },
    });
  }
}

/** A value written directly (the account's own address, or by holder staff) ends any wait for another. */
export async function cancelVerification(tx: DbOrTx, def: EntityDef, key: string, fields: readonly string[]): Promise<void> {
  for (const field of fields) {
    await tx
      .update(contactVerifications)
      .set({ state: 'cancelled' })
      .where(
        and(
          eq(contactVerifications.entity, def.name),
          eq(contactVerifications.record, key),
          eq(contactVerifications.field, field),
          eq(contactVerifications.state, 'pending'),
        ),
      );
  }
}

/** The values of records waiting for confirmation, by record key and field (shown to their party only). */
export async function pendingVerifications(
  db: DbOrTx,
  def: EntityDef,
  keys: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const found = new Map<string, Record<string, string>>();
  if (verifiedFieldsOf(def).length === 0 || keys.length === 0) return found;
  const rows = await db
    .select({ record: contactVerifications.record, field: contactVerifications.field, value: contactVerifications.value })
    .from(contactVerifications)
    .where(
      and(
        eq(contactVerifications.entity, def.name),
        inArray(contactVerifications.record, [...keys]),
        eq(contactVerifications.state, 'pending'),
        sql`${contactVerifications.expiresAt} > now()`,
      ),
    );
  for (const row of rows) found.set(row.record, { ...found.get(row.record), [row.field]: row.value });
  return found;
}

/** Writes a confirmed value into its record (one column, version moved on). */
export async function applyVerifiedValue(
  tx: DbOrTx,
  def: EntityDef,
  key: string,
  field: string,
  value: string,
): Promise<boolean> {
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const updated = await tx
    .update(def.table as PgTable)
    .set({ [field]: value, version: sql`${columns.version} + 1`, dateUpdated: new Date() } as never)
    .where(eq(columns.key!, key))
    .returning({ key: columns.key! });
  return updated.length > 0;
}
