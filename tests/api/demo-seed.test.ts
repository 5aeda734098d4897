/**
 * The demo business (issue #19) seeded into this file's fresh database through the services:
 * states per kind, signed and credentialed active licenses, the statistics roll-up equal to a
 * recomputation from the sales rows, and a second seed that changes nothing.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { verifySignature } from '@/lib/server/contracts/verify';
import { currentContract } from '@/lib/server/contracts/store';
import { verifyCredentialJwt } from '@/lib/server/credentials/verify-credential';
import { getDb } from '@/lib/server/db/client';
import { chainMints, credentials, contractSignatures } from '@/lib/server/db/platform-schema';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { notifications, users } from '@/lib/server/db/schema';
import { exchangeRates, invoices, ips, licenses, payments, reviews, salesReports } from '@/lib/server/db/entities-schema';
import { demoCounts, seedDemoBusiness, type DemoSummary } from '@/lib/server/demo/seed-demo';
import { openBlob } from '@/lib/server/storage/read-file';
import { TEST_DEMO_PASSWORD } from './env';

let first: DemoSummary;

async function bytesOf(hash: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openBlob(hash)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every table's row count: a second seed must leave each one as it was. */
async function tableCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number(r.rows[0]!.n);
  }
  return counts;
}

beforeAll(async () => {
  await ensureReady();
  const db = await getDb();
  const lines: string[] = [];
  first = await seedDemoBusiness(db, TEST_DEMO_PASSWORD, { log: (l) => lines.push(l) });
  console.log(`demo seed: ${first.ms} ms on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, JSON.stringify(first.counts));
}, 300_000);

describe('the demo business', () => {
  it('has records in every state', async () => {
    expect(first.skipped).toBe(false);
    const counts = await demoCounts(await getDb());
    for (const state of [
      'applied',
      'in_review',
      'approved',
      'rejected',
      'contract_sent',
      'signed',
      'active',
      'expired',
      'terminated',
    ])
      expect(counts.licenses[state], `licenses ${state}`).toBeGreaterThan(0);
    for (const state of ['draft', 'submitted', 'approved', 'rejected', 'changes_requested', 'published'])
      expect(counts.ips[state], `IPs ${state}`).toBeGreaterThan(0);
    expect(counts.products.approved).toBeGreaterThanOrEqual(6);
    expect(counts.reports.rejected).toBeGreaterThanOrEqual(2);
    expect(counts.reports.submitted).toBe(1);
    expect(first.counts['primary IPs']).toBeGreaterThanOrEqual(6);
    expect(first.counts['secondary IPs']).toBe(20);
  });

  it('every active license has a verified signature from both parties and a valid credential', async () => {
    const db = await getDb();
    const active = await db.select({ key: licenses.key }).from(licenses).where(eq(licenses.state, 'active'));
    expect(active.length).toBeGreaterThanOrEqual(4);
    for (const { key } of active) {
      const contract = await currentContract(db, key);
      expect(contract?.file, `contract of ${key}`).toBeTruthy();
      const signatures = await db
        .select()
        .from(contractSignatures)
        .where(and(eq(contractSignatures.contract, contract!.key), isNull(contractSignatures.voidedAt)));
      expect(signatures.map((s) => s.party).sort()).toEqual(['holder', 'licensee']);
      const pdf = await bytesOf(contract!.file!);
      for (const s of signatures) expect(verifySignature(contract!, s, pdf)).toBe(true);
      const creds = await db
        .select()
        .from(credentials)
        .where(and(eq(credentials.subject, key), eq(credentials.state, 'active')));
      expect(creds.length, `credential of ${key}`).toBeGreaterThan(0);
      expect((await verifyCredentialJwt(db, creds[0]!.jwt)).valid).toBe(true);
    }
  });

  it('the statistics roll-up equals a recomputation from the sales rows', async () => {
    const db = await getDb();
    const rollup = await db.execute<{ month: string; currency: string; net: string; royalty: string; units: string }>(sql`
      select month, currency, sum(net_sales)::bigint as net, sum(royalty)::bigint as royalty, sum(units)::bigint as units
      from sales_monthly group by month, currency order by month, currency`);
    const recomputed = await db.execute<{ month: string; currency: string; net: string; royalty: string; units: string }>(sql`
      select to_char(period_start at time zone 'UTC', 'YYYY-MM') as month, currency,
             sum(net_sales)::bigint as net, sum(royalty)::bigint as royalty, sum(units)::bigint as units
      from sales where state in ('approved', 'invoiced') group by 1, 2 order by 1, 2`);
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) => ({ ...r, net: Number(r.net), royalty: Number(r.royalty), units: Number(r.units) }));
    expect(rollup.rows.length).toBeGreaterThanOrEqual(24);
    expect(norm(rollup.rows)).toEqual(norm(recomputed.rows));
  });

  it('has paid, overdue and open invoices, a late report, tagged characters, minted wrappers', async () => {
    const db = await getDb();
    const today = new Date();
    const all = await db.select().from(invoices);
    expect(all.filter((i) => i.state === 'paid').length).toBeGreaterThanOrEqual(4);
    const unpaid = all.filter((i) => i.state === 'approved');
    expect(
      unpaid.some((i) => i.due_date && i.due_date < today),
      'an overdue invoice',
    ).toBe(true);
    expect(
      all.some((i) => i.state === 'submitted'),
      'an invoice waiting for cfl',
    ).toBe(true);
    expect(
      all.some((i) => i.state === 'draft'),
      'a draft invoice',
    ).toBe(true);
    const reports = await db.select().from(salesReports);
    expect(reports.filter((r) => r.late).length).toBeGreaterThanOrEqual(1);
    const primaries = await db.select().from(ips).where(eq(ips.kind, 'primary'));
    for (const ip of primaries) {
      expect(ip.tags.length, ip.name).toBeGreaterThan(0);
      expect(ip.images.length, ip.name).toBe(1);
      expect(ip.guidelines, ip.name).toBeTruthy();
    }
    const pinned = await db
      .select()
      .from(reviews)
      .where(sql`jsonb_array_length(${reviews.markups}) > 0`);
    expect(pinned.length).toBeGreaterThan(0);
    expect(await db.select().from(chainMints)).toHaveLength(2);
  });

  it('money received is recorded as payments, partial and whole; an approved month is corrected; rates are on record', async () => {
    const db = await getDb();
    const all = await db.select().from(invoices);
    const received = await db.select().from(payments);
    const paidOf = (key: string) => received.filter((p) => p.invoice === key && p.state === 'recorded');
    for (const invoice of all.filter((i) => i.state === 'paid')) {
      // A paid invoice is paid by its payments, to the smallest unit.
      expect(
        paidOf(invoice.key).reduce((sum, p) => sum + p.amount, 0),
        invoice.reference ?? invoice.key,
      ).toBe(invoice.amount);
    }
    expect(
      all.some((i) => i.state === 'paid' && paidOf(i.key).length === 2),
      'an invoice paid in two instalments',
    ).toBe(true);
    const owing = all.filter((i) => i.state === 'approved' && i.due_date && i.due_date < new Date());
    expect(
      owing.some((i) => paidOf(i.key).length > 0 && paidOf(i.key).reduce((sum, p) => sum + p.amount, 0) < i.amount),
      'an overdue invoice paid in part',
    ).toBe(true);

    const reports = await db.select().from(salesReports);
    const corrections = reports.filter((r) => r.corrects.length > 0 && ['approved', 'invoiced'].includes(r.state));
    expect(corrections.length).toBeGreaterThanOrEqual(1);
    for (const correction of corrections) {
      for (const key of correction.corrects) expect(reports.find((r) => r.key === key)?.state, key).toBe('superseded');
    }

    const rates = await db.select().from(exchangeRates);
    for (const currency of ['TWD', 'USD']) expect(rates.filter((r) => r.currency === currency).length, currency).toBe(24);
  });

  it('every demo account has unread notifications', async () => {
    const db = await getDb();
    for (const account of demoAccounts) {
      const [user] = await db.select({ sub: users.sub }).from(users).where(eq(users.email, account.email));
      const unread = await db
        .select({ key: notifications.key })
        .from(notifications)
        .where(and(eq(notifications.target, user!.sub), isNull(notifications.readAt)));
      expect(unread.length, account.email).toBeGreaterThan(0);
    }
  });

  it('a second seed changes nothing', async () => {
    const db = await getDb();
    const before = await tableCounts();
    const again = await seedDemoBusiness(db, TEST_DEMO_PASSWORD);
    expect(again.skipped).toBe(true);
    expect(await tableCounts()).toEqual(before);
  });
});
