import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { invoices, licensees, licenses } from '@/lib/server/db/entities-schema';
import type { EntityName } from '@/lib/server/entities/definitions';
import { viewerOf, type Viewer } from '@/lib/server/entities/viewer';
import { actorFacts, defaultHolder } from '@/lib/server/flow/facts';
import { offeredActions } from '@/lib/server/flow/offered-actions';
import { flowFor } from '@/lib/server/flow/overrides';
import { bindingForRecord } from '@/lib/server/flow/subjects';
import { offeredStepSql } from '@/lib/server/flow/offered-step-sql';
import { newKey } from '@/lib/server/keys';
import { accessOf } from '@/lib/server/users/accounts';
import { fixtureReference } from './references';
import { designerKeyOf, subOf } from './tokens';

type Row = Record<string, unknown>;

const PEOPLE = [
  'licensee@example.com',
  'licensee-staff@example.com',
  'holder@example.com',
  'cfl@example.com',
  'legal@example.com',
  'admin@example.com',
  'designer@example.com',
];
const viewers = new Map<string, Viewer>();
const licenseKeys: string[] = [];
const invoiceKeys: string[] = [];

/** What the home did before grouping: every row read and put to the flow engine one by one. */
async function oneByOne(viewer: Viewer, entity: EntityName, rows: Row[], actions: readonly string[]) {
  const db = await getDb();
  const holder = await defaultHolder(db);
  const found: { key: string; action: string }[] = [];
  for (const row of rows) {
    const binding = bindingForRecord(entity, row)!;
    const facts = await actorFacts(db, viewer, holder, binding, row);
    const step = offeredActions(flowFor(binding.subject, holder.config), String(row.state), facts).find((o) =>
      actions.includes(o.action),
    );
    if (step) found.push({ key: String(row.key), action: step.action });
  }
  return found;
}

beforeAll(async () => {
  await ensureReady();
  const db = await getDb();
  for (const email of PEOPLE) {
    const sub = await subOf(email);
    viewers.set(email, await viewerOf(db, { sub, access: await accessOf(db, sub), via: 'session', lang: 'jp' }));
  }
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.owner, await subOf('licensee@example.com')));
  const ip = newKey();
  const applicants = [await subOf('licensee@example.com'), await subOf('licensee-staff@example.com'), null];
  const orgs = [org!.key, newKey()];
  const designer = await designerKeyOf('designer@example.com');
  const states = ['approved', 'contract_sent', 'signed', 'in_review', 'changes_requested'];
  // Every state with every organisation, applicant and designer or none, changed a quarter second
  // apart in a shuffled order (the oldest of a group decides which groups are read, to the millisecond).
  let step = 0;
  const rows = [];
  for (const state of states)
    for (const licensee of orgs)
      for (const applicant of applicants)
        for (const ofDesigner of [null, designer]) {
          const key = newKey();
          licenseKeys.push(key);
          rows.push({
            key,
            reference: fixtureReference('LIC'),
            ip,
            licensee,
            applicant,
            designer: ofDesigner,
            term_start: new Date('2027-01-01T00:00:00Z'),
            term_end: new Date('2027-12-31T00:00:00Z'),
            royalty_rate_bp: 500,
            state,
            dateUpdated: new Date(Date.UTC(2026, 0, 1) + ((step++ * 7919) % 600) * 250),
          });
        }
  await db.insert(licenses).values(rows);
  const invoiceRows = [];
  for (const state of ['draft', 'submitted', 'approved', 'paid'])
    for (const licensee of orgs)
      for (const owner of applicants) {
        const key = newKey();
        invoiceKeys.push(key);
        invoiceRows.push({
          key,
          reference: fixtureReference('INV'),
          licensee,
          owner,
          period_start: new Date('2026-01-01T00:00:00Z'),
          period_end: new Date('2026-01-31T00:00:00Z'),
          amount: 1000,
          state,
          dateUpdated: new Date(Date.UTC(2026, 0, 1) + ((step++ * 7919) % 600) * 250),
        });
      }
  await db.insert(invoices).values(invoiceRows);
});

/** What the database says the engine offers on each record, through offeredStepSql. */
async function bySql(
  viewer: Viewer,
  entity: 'License' | 'Invoice',
  keys: string[],
  states: readonly string[],
  actions: readonly string[],
) {
  const db = await getDb();
  const table = entity === 'License' ? licenses : invoices;
  const holder = await defaultHolder(db);
  const offered = offeredStepSql(viewer, holder, entity, states, actions);
  if (!offered) return [];
  const step = offered.step;
  const rows = await db
    .select({ key: table.key, state: table.state, action: sql<string | null>`${step}` })
    .from(table)
    .where(inArray(table.key, keys))
    .orderBy(asc(table.dateUpdated), asc(table.key));
  const found = rows.filter((r) => r.action !== null);
  // A section looks only in the states offeredStepSql names: every record offering a step is in one.
  for (const row of found) expect(offered.states).toContain(row.state);
  return found.map(({ key, action }) => ({ key, action }));
}

describe('offeredStepSql: the flow engine decided over who a person may be to a record, then asked of each record by the database', () => {
  it.each([
    [
      'License',
      ['approved', 'contract_sent', 'signed', 'in_review', 'changes_requested'],
      ['send_contract', 'sign', 'countersign'],
    ],
    ['Invoice', ['draft', 'submitted', 'approved', 'paid'], ['submit', 'mark_paid']],
  ] as const)(
    'finds on %s exactly the steps deciding every record one by one finds, for every person',
    async (entity, states, actions) => {
      const db = await getDb();
      const table = entity === 'License' ? licenses : invoices;
      const keys = entity === 'License' ? licenseKeys : invoiceKeys;
      const rows = (await db
        .select()
        .from(table)
        .where(inArray(table.key, keys))
        .orderBy(asc(table.dateUpdated), asc(table.key))) as Row[];
      let offeredToSomeone = 0;
      const offeredCounts = new Set<number>();
      for (const [email, viewer] of viewers) {
        const expected = await oneByOne(viewer, entity, rows, actions);
        expect(await bySql(viewer, entity, keys, states, actions), email).toEqual(expected);
        offeredToSomeone += expected.length;
        offeredCounts.add(expected.length);
      }
      // The comparison means something only if people differ in what they are offered.
      expect(offeredToSomeone).toBeGreaterThan(0);
      expect(offeredCounts.size).toBeGreaterThan(2);
    },
  );

  it('is null for a person offered none of the steps in any of the states, so a section reads nothing', async () => {
    const db = await getDb();
    const holder = await defaultHolder(db);
    expect(
      offeredStepSql(
        viewers.get('designer@example.com')!,
        holder,
        'License',
        ['approved', 'contract_sent', 'signed'],
        ['send_contract', 'countersign'],
      ),
    ).toBeNull();
    expect(
      offeredStepSql(viewers.get('designer@example.com')!, holder, 'Invoice', ['draft', 'approved'], ['submit', 'mark_paid']),
    ).toBeNull();
  });
});
