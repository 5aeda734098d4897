/**
 * Charges no sales row carries (issue 21): a license's advance is billed once it is active, a
 * minimum-guarantee shortfall once its term has ended — each exactly once, by the period the bill
 * shows it with, and the bill and the invoice agree on it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/server/api/authenticate';
import { holderBill } from '@/lib/server/billing/bill';
import { ensureReady } from '@/lib/server/boot';
import { getDb, type Db } from '@/lib/server/db/client';
import { invoices, licensees, licenses, products } from '@/lib/server/db/entities-schema';
import { viewerOf } from '@/lib/server/entities/viewer';
import { afterState } from '@/lib/server/flow/after-state';
import { createReport } from '@/lib/server/sales/report';
import { logWorkflow } from '@/lib/server/db/schema';
import { draftInvoice, previewInvoice } from '@/lib/server/invoices/draft-invoice';
import { newKey } from '@/lib/server/keys';
import { fixtureReference } from './references';
import * as pdfRoute from '@/pages/api/invoice/[id]/pdf';
import { serveRoute } from './harness';
import { callerOf, issueAccessToken } from './tokens';

let holder: Caller;

beforeAll(async () => {
  await ensureReady();
  holder = await callerOf('holder@example.com');
});

async function organisation() {
  const key = newKey();
  await (await getDb()).insert(licensees).values({ key, name: `Charges ${key.slice(0, 6)}` });
  return key;
}

async function license(
  org: string,
  values: { advance?: number; minimum_guarantee?: number; term_end: string; currency?: string },
) {
  const key = newKey();
  const reference = fixtureReference('LIC');
  await (await getDb()).insert(licenses).values({
    key,
    reference,
    ip: 'ip',
    licensee: org,
    state: 'active',
    territory: ['JP'],
    term_start: new Date('2026-01-01T00:00:00Z'),
    term_end: new Date(`${values.term_end}T00:00:00Z`),
    royalty_rate_bp: 1000,
    advance: values.advance ?? 0,
    minimum_guarantee: values.minimum_guarantee ?? 0,
    currency: values.currency ?? 'JPY',
  });
  return { key, reference };
}

describe('the advance', () => {
  it('is billed in the month the license became active, once, in the bill and the invoice alike', async () => {
    const db = await getDb();
    const org = await organisation();
    const lic = await license(org, { advance: 300_000, term_end: '2027-12-31' });
    // Countersigned on 15 October 2026: the move to active is what the workflow log records.
    await db.insert(logWorkflow).values({
      id: newKey(),
      action: 'countersign',
      path: 'signed>active',
      key: lic.key,
      ref: 'license',
      time: new Date('2026-10-15T03:00:00Z'),
      data: { from: 'signed', to: 'active' },
    });
    const bill = await holderBill(db, holder, { licensee: org });
    expect(bill.entries).toHaveLength(1);
    const entry = bill.entries[0]!;
    expect(entry).toMatchObject({ period_start: '2026-10-01T00:00:00.000Z', advance_billed: 300_000, subtotal: 300_000 });
    // Not in September's invoice (the license was not active yet): nothing to bill there.
    await expect(
      previewInvoice(db, holder, { licensee: org, period_start: '2026-09-01', period_end: '2026-09-30' }),
    ).rejects.toThrow();
    const october = { licensee: org, period_start: '2026-10-01', period_end: '2026-10-31' };
    const preview = await previewInvoice(db, holder, october);
    expect(preview.total).toBe(entry.total);
    expect(preview.lines).toEqual([
      expect.objectContaining({ license_reference: lic.reference, advance_billed: 300_000, rows: 0, due: 300_000 }),
    ]);
    const { invoice } = await draftInvoice(db, holder, october);
    expect(invoice.amount).toBe(entry.total);
    expect(invoice.charges).toEqual([{ license: lic.key, kind: 'advance', amount: 300_000 }]);
    // Billed once: the next months have nothing more to bill.
    await expect(
      draftInvoice(db, holder, { licensee: org, period_start: '2026-11-01', period_end: '2026-11-30' }),
    ).rejects.toThrow();
    const after = await holderBill(db, holder, { licensee: org });
    expect(after.entries.map((e) => e.status)).toEqual(['invoiced']);
    // A rejected invoice frees the charge for the next one.
    await db.update(invoices).set({ state: 'rejected' }).where(eq(invoices.key, invoice.key));
    expect((await previewInvoice(db, holder, october)).lines[0]!.advance_billed).toBe(300_000);
  });
});

describe('the minimum guarantee', () => {
  it('bills the shortfall once when the term has ended, even without sales in the last period', async () => {
    const db = await getDb();
    const org = await organisation();
    // Term ended 30 June 2026; no sales at all; advance 100,000 (billed too) counts towards the MG.
    const lic = await license(org, { advance: 100_000, minimum_guarantee: 500_000, term_end: '2026-06-30' });
    const bill = await holderBill(db, holder, { licensee: org });
    // The advance falls due at the start of the term (no countersignature logged), the MG at its end.
    expect(bill.entries.map((e) => [e.period_start.slice(0, 7), e.advance_billed, e.mg_shortfall])).toEqual([
      ['2026-01', 100_000, 0],
      ['2026-06', 0, 400_000],
    ]);
    const june = { licensee: org, period_start: '2026-06-01', period_end: '2026-06-30' };
    const { invoice } = await draftInvoice(db, holder, june);
    expect(invoice.charges).toEqual([{ license: lic.key, kind: 'mg_shortfall', amount: 400_000 }]);
    expect(invoice.amount).toBe(bill.entries[1]!.total);
    // Never twice: a later period of the same organisation does not bill it again.
    await expect(
      draftInvoice(db, holder, { licensee: org, period_start: '2026-07-01', period_end: '2026-12-31' }),
    ).rejects.toThrow();
  });
});

describe('a late report after the MG shortfall was billed', () => {
  it('nets its royalties against the shortfall billed and bills only what takes them past the MG', async () => {
    const db = await getDb();
    const viewer = await viewerOf(db, holder);
    const org = await organisation();
    // Rate 10%, advance 100,000, MG 500,000; the term ended on 30 June 2026.
    const lic = await license(org, { advance: 100_000, minimum_guarantee: 500_000, term_end: '2026-06-30' });
    await db.insert(products).values({
      key: newKey(),
      reference: fixtureReference('PRD'),
      license: lic.key,
      licensee: org,
      name: 'P',
      sku: 'LATE-1',
      state: 'approved',
    });
    const report = async (month: string, last: string, net: number) => {
      const { report } = await createReport(db, viewer, {
        licensee: org,
        period_start: `2026-${month}-01`,
        period_end: `2026-${month}-${last}`,
        rows: [{ license: lic.key, product: 'LATE-1', territory: 'JP', units: 1, gross_sales: net, net_sales: net }],
        source: 'form',
        now: new Date('2026-11-25T00:00:00Z'),
      });
      await db.transaction(async (tx) => {
        await (tx as unknown as Db).execute(sql`update sales_reports set state = 'approved' where key = ${report.key}`);
        await afterState(tx as unknown as Db, 'sales', { key: report.key }, 'approved');
      });
    };
    const period = (month: string, last: string) => ({
      licensee: org,
      period_start: `2026-${month}-01`,
      period_end: `2026-${month}-${last}`,
    });
    // June: royalties 100,000 (all recouped by the advance); the shortfall 400,000 and the advance billed with it.
    await report('06', '30', 1_000_000);
    const june = await draftInvoice(db, holder, period('06', '30'));
    expect(june.breakdown.lines[0]).toMatchObject({
      royalty: 100_000,
      recouped: 100_000,
      mg_shortfall: 400_000,
      advance_billed: 100_000,
    });
    // March, reported late: 200,000 of royalties, all within what the shortfall already paid for.
    await report('03', '31', 2_000_000);
    const marchBill = (await holderBill(db, holder, { licensee: org, from: '2026-03-01', to: '2026-03-31' })).entries[0]!;
    expect(marchBill).toMatchObject({ status: 'to_invoice', royalty: 200_000, mg_shortfall: 0, subtotal: 0 });
    const march = await draftInvoice(db, holder, period('03', '31'));
    expect(march.breakdown.lines[0]).toMatchObject({
      royalty: 200_000,
      recouped: 200_000,
      shortfall_netted: 200_000,
      mg_shortfall: 0,
      due: 0,
    });
    expect(march.invoice.amount).toBe(marchBill.total);
    // The invoice says so on paper too.
    const pdf = await serveRoute(pdfRoute, '/api/invoice/[id]/pdf');
    try {
      const res = await fetch(`${pdf.url}/api/invoice/${march.invoice.key}/pdf?lang=en`, {
        headers: { authorization: `Bearer ${await issueAccessToken(holder.sub)}` },
      });
      expect(res.status).toBe(200);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'late-pdf-')), 'invoice.pdf');
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Of which ¥200,000 was already paid for by the minimum-guarantee shortfall billed earlier');
    } finally {
      await pdf.close();
    }
    // April, late too: 300,000 more takes the royalties (600,000) 100,000 past the MG: only that is billed.
    await report('04', '30', 3_000_000);
    const aprilBill = (await holderBill(db, holder, { licensee: org, from: '2026-04-01', to: '2026-04-30' })).entries[0]!;
    const preview = await previewInvoice(db, holder, period('04', '30'));
    expect(preview.lines[0]).toMatchObject({ royalty: 300_000, shortfall_netted: 200_000, due: 100_000 });
    expect(preview.total).toBe(aprilBill.total);
    const april = await draftInvoice(db, holder, period('04', '30'));
    expect(april.invoice.amount).toBe(aprilBill.total);
    // Over the term: advance + shortfall + royalties payable = max(royalties earned, MG), never more.
    const billed = [june, march, april].flatMap((i) => i.breakdown.lines).reduce((sum, l) => sum + l.due, 0);
    expect(billed).toBe(600_000);
  });
});
