import { beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { invoices, licensees, licenses, liquidApplications, usages } from '@/lib/server/db/entities-schema';
import { invitations } from '@/lib/server/db/platform-schema';
import { newKey } from '@/lib/server/keys';
import type { NamedKind } from '@/lib/server/naming/kinds';
import { factsOf } from '@/lib/server/naming/load-names';
import { factsFromLookups, lookupsJson, namingFields, type NameLookups } from '@/lib/server/naming/lookups';
import { fixtureReference } from './references';
import { designerKeyOf, subOf } from './tokens';

type Row = Record<string, unknown>;

const keys: Record<string, string[]> = { license: [], usage: [], invoice: [], liquid: [], invitation: [] };

beforeAll(async () => {
  await ensureReady();
  const db = await getDb();
  const licensee = await subOf('licensee@example.com');
  const designer = await subOf('designer@example.com');
  const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, licensee));
  const designerKey = await designerKeyOf('designer@example.com');
  const [ip] = await db.execute<{ key: string }>(sql`select key from ips limit 1`).then((r) => r.rows);
  // Each looked-up key present, pointing at nothing, or absent; an account that exists and one that is gone.
  const ipKeys = [ip?.key ?? newKey(), newKey()];
  const orgKeys = [org!.key, newKey(), null];
  const designerKeys = [designerKey, newKey(), null];
  const applicants = [designer, 'gone-account', licensee];
  for (let i = 0; i < 3; i++) {
    const license = newKey();
    keys.license!.push(license);
    await db.insert(licenses).values({
      key: license,
      reference: fixtureReference('LIC'),
      ip: ipKeys[i % 2]!,
      licensee: orgKeys[i] ?? org!.key,
      applicant: applicants[i],
      designer: designerKeys[i],
      term_start: new Date('2027-01-01T00:00:00Z'),
      term_end: new Date('2027-12-31T00:00:00Z'),
      royalty_rate_bp: 500,
    });
    const usage = newKey();
    keys.usage!.push(usage);
    await db.insert(usages).values({
      key: usage,
      reference: fixtureReference('USE'),
      ip: ipKeys[i % 2]!,
      applicant: applicants[i],
      designer: designerKeys[i],
      purpose: 'lookups',
    });
    const invoice = newKey();
    keys.invoice!.push(invoice);
    await db.insert(invoices).values({
      key: invoice,
      reference: fixtureReference('INV'),
      licensee: orgKeys[i] ?? newKey(),
      period_start: new Date('2026-01-01T00:00:00Z'),
      period_end: new Date('2026-01-31T00:00:00Z'),
      amount: 1000 + i,
    });
    const liquid = newKey();
    keys.liquid!.push(liquid);
    await db.insert(liquidApplications).values({
      key: liquid,
      applicant: applicants[i]!,
      profile: i === 0 ? { creator_name: 'Creator On Profile' } : {},
    });
    const invitation = newKey();
    keys.invitation!.push(invitation);
    await db.insert(invitations).values({
      key: invitation,
      reference: fixtureReference('INVT'),
      kind: 'licensee',
      email: `lookup-${i}@example.com`,
      entity: orgKeys[i],
      role: 'staff',
      data: i === 2 ? { name: 'Organisation To Be' } : {},
      tokenHash: newKey(),
      invitedBy: licensee,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
});

/** The rows with what the database looked up for them in the same statement. */
async function readWithLookups(kind: NamedKind, table: PgTable, wanted: string[]) {
  const db = await getDb();
  const key = (getTableColumns(table) as Record<string, PgColumn>).key!;
  const rows = (await db
    .select({ row: sql<Row>`row_to_json(${table})`, names: sql<NameLookups>`${lookupsJson(kind, table)}` })
    .from(table)
    .where(inArray(key, wanted))) as { row: Row; names: NameLookups }[];
  expect(rows).toHaveLength(wanted.length);
  return rows;
}

describe('naming looked up in the statement that reads the rows, or by key afterwards', () => {
  it.each([
    ['license', licenses],
    ['usage', usages],
    ['invoice', invoices],
    ['liquid', liquidApplications],
    ['invitation', invitations],
  ] as [NamedKind, PgTable][])('gives the same facts for every %s, found, missing or absent', async (kind, table) => {
    const db = await getDb();
    const read = await readWithLookups(kind, table, keys[kind]!);
    const byKey = await factsOf(
      db,
      kind,
      read.map((r) => r.row),
    );
    expect(read.map((r) => factsFromLookups(kind, r.row, r.names))).toEqual(byKey);
    // The fields namingFields lists are all a name is made of: a read that keeps only them names alike.
    const named = new Set(namingFields(kind));
    const picked = read.map((r) => Object.fromEntries(Object.entries(r.row).filter(([field]) => named.has(field))));
    expect(read.map((r, i) => factsFromLookups(kind, picked[i]!, r.names))).toEqual(byKey);
    // Some of each kind's facts were found: the comparison is not of nulls alone.
    expect(byKey.some((facts) => facts.licensee || facts.ip || facts.designer || facts.person)).toBe(true);
  });
});
