import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { invoices, licensees, licenses } from '@/lib/server/db/entities-schema';
import type { EntityName } from '@/lib/server/entities/definitions';
import { viewerOf, type Viewer } from '@/lib/server/entities/viewer';
import { actorFacts, defaultHolder } from '@/lib/server/flow/facts';
import { offeredActions } from '@/lib/server/flow/offered-actions';
import { flowFor } from '@/lib/server/flow/overrides';
import { bindingForRecord } from '@/lib/server/flow/subjects';
import { waitingSteps } from '@/lib/server/home/offered-steps';
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

describe('waitingSteps: the records a person has a step on, decided once per group of alike records', () => {
  it.each([
    ['License', ['send_contract', 'sign', 'countersign']],
    ['Invoice', ['submit', 'mark_paid']],
  ] as const)('finds on %s exactly what deciding every record one by one finds, for every person', async (entity, actions) => {
    const db = await getDb();
    const table = entity === 'License' ? licenses : invoices;
    const keys = entity === 'License' ? licenseKeys : invoiceKeys;
    const scope = inArray(table.key, keys);
    const rows = (await db.select().from(table).where(scope).orderBy(asc(table.dateUpdated), asc(table.key))) as Row[];
    let offeredToSomeone = 0;
    for (const [email, viewer] of viewers) {
      const expected = await oneByOne(viewer, entity, rows, actions);
      const got = await waitingSteps(db, viewer, entity, scope, actions, 5);
      expect(got.count, email).toBe(expected.length);
      expect(
        got.first.map((f) => ({ key: f.row.key, action: f.action })),
        email,
      ).toEqual(expected.slice(0, 5));
      offeredToSomeone += expected.length;
    }
    // The comparison means something only if some people have steps and others do not.
    expect(offeredToSomeone).toBeGreaterThan(0);
  });

  it('takes the oldest records to the millisecond when the oldest of several groups fall in one second', async () => {
    const db = await getDb();
    const licensee = viewers.get('licensee@example.com')!;
    const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, licensee.sub));
    const applicants = [licensee.sub, await subOf('licensee-staff@example.com'), null];
    const designers = [null, await designerKeyOf('designer@example.com')];
    // Six groups (applicant × designer) of contracts waiting for the organisation's signature;
    // each group's oldest is a millisecond apart within one second, its next a second later. The
    // order is turned round the second time, so whichever order the groups are read in, one of
    // the two runs finds the oldest two groups last.
    for (const order of [
      [5, 2, 4, 0, 3, 1],
      [0, 3, 1, 5, 2, 4],
    ]) {
      const second = Date.UTC(2025, 5, 1, 3, 0, 0);
      const keys: string[] = [];
      const rows = [];
      let group = 0;
      for (const applicant of applicants)
        for (const designer of designers) {
          const ms = order[group++]!;
          for (const at of [second + ms, second + 1000 + ms]) {
            const key = newKey();
            keys.push(key);
            rows.push({
              key,
              reference: fixtureReference('LIC'),
              ip: newKey(),
              licensee: org!.key,
              applicant,
              designer,
              term_start: new Date('2027-01-01T00:00:00Z'),
              term_end: new Date('2027-12-31T00:00:00Z'),
              royalty_rate_bp: 500,
              state: 'contract_sent',
              dateUpdated: new Date(at),
            });
          }
        }
      await db.insert(licenses).values(rows);
      const got = await waitingSteps(db, licensee, 'License', inArray(licenses.key, keys), ['sign'], 2);
      expect(got.count).toBe(12);
      expect(got.first.map((f) => (f.row.dateUpdated as Date).getTime() - second)).toEqual([0, 1]);
    }
  });

  it('returns nothing, and reads no rows, when no record is in scope', async () => {
    const db = await getDb();
    const got = await waitingSteps(
      db,
      viewers.get('holder@example.com')!,
      'License',
      inArray(licenses.key, ['none']),
      ['sign'],
      5,
    );
    expect(got).toEqual({ count: 0, first: [] });
  });
});
