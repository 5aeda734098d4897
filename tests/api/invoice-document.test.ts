/**
 * The invoice a Japanese finance team can book (issue 21): the PDF carries the issuer's checked
 * registration number (T + 13 digits), address and bank details from Holder.config, the
 * recipient, the reference, the issue day in Japan time in Japanese style (an English layout on
 * en), and no text outside the page box (read with pdftotext and pdftotext -bbox).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { holders, invoices, licensees } from '@/lib/server/db/entities-schema';
import { logWorkflow } from '@/lib/server/db/schema';
import { registrationNumberOf } from '@/lib/server/invoices/issuer';
import { newKey } from '@/lib/server/keys';
import { corporateCheckDigit } from '@/lib/validation/jp-identifiers';
import * as pdfRoute from '@/pages/api/invoice/[id]/pdf';
import { serveRoute, type RouteServer } from './harness';
import { fixtureReference } from './references';
import { issueAccessToken, subOf } from './tokens';

const BASE = '234567890123';
const REGISTRATION = `T${corporateCheckDigit(BASE)}${BASE}`;
let pdf: RouteServer;
let token = '';
const fx = { invoice: '', reference: '', org: '', usd: '' };
let restore: Record<string, string> = {};
let holderKey = '';

function pdfFile(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-')), 'invoice.pdf');
  fs.writeFileSync(file, bytes);
  return file;
}

async function fetchPdf(lang: 'jp' | 'en', invoice = fx.invoice): Promise<string> {
  const res = await fetch(`${pdf.url}/api/invoice/${invoice}/pdf?lang=${lang}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return pdfFile(Buffer.from(await res.arrayBuffer()));
}

/** Every word's box lies inside its page's box. */
function wordsOutsidePage(file: string): string[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const outside: string[] = [];
  for (const page of html.split('<page ').slice(1)) {
    const width = Number(/width="([\d.]+)"/.exec(page)![1]);
    const height = Number(/height="([\d.]+)"/.exec(page)![1]);
    for (const m of page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)) {
      const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      if (x0 < 0 || y0 < 0 || x1 > width || y1 > height) outside.push(m[5]!);
    }
  }
  return outside;
}

beforeAll(async () => {
  await ensureReady();
  pdf = await serveRoute(pdfRoute, '/api/invoice/[id]/pdf');
  token = await issueAccessToken(await subOf('holder@example.com'));
  const db = await getDb();
  const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
  holderKey = holder!.key;
  restore = holder!.config;
  await db
    .update(holders)
    .set({
      config: {
        ...restore,
        'invoice.registration_number': JSON.stringify(REGISTRATION),
        'invoice.issuer_address': JSON.stringify('〒100-0005 東京都千代田区丸の内1-1-1'),
        'invoice.bank_account': JSON.stringify('みずほ銀行 丸の内支店 普通 1234567 カ）デモホルダー'),
      },
    })
    .where(eq(holders.key, holderKey));
  const [org] = await db.select().from(licensees).where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.org = org!.key;
  fx.invoice = newKey();
  fx.reference = fixtureReference('INV');
  await db.insert(invoices).values({
    key: fx.invoice,
    reference: fx.reference,
    licensee: fx.org,
    period_start: new Date('2026-10-01T00:00:00Z'),
    period_end: new Date('2026-10-31T00:00:00Z'),
    amount: 110_000,
    currency: 'JPY',
    tax_lines: [{ kind: 'vat', label: '消費税', rate_bp: 1000, amount: 10_000 }],
    due_date: new Date('2026-12-31T00:00:00Z'),
    state: 'approved',
    // 20:30 UTC on 24 November is 25 November in Japan.
    dateCreated: new Date('2026-11-24T20:30:00Z'),
  });
  // A cross-border invoice in USD with large figures: an advance billed, VAT and withholding.
  fx.usd = newKey();
  const line = (n: number) => ({
    license: `lic${n}`,
    license_reference: `LIC-2026-90${n}0`,
    ip: 'ip',
    ip_name: 'とても長い知的財産の名前がここに入ります（テスト用）',
    rows: 12,
    net_sales: 987_654_321_00,
    royalty: 98_765_432_10,
    earned_before: 0,
    recouped: 12_345_678_90,
    advance_remaining: 0,
    mg_shortfall: 0,
    advance_billed: 12_345_678_90,
    due: 98_765_432_10,
  });
  const subtotal = 2 * 98_765_432_10;
  const taxLines = [
    { kind: 'vat' as const, label_jp: '消費税', label_en: 'Consumption tax', rate_bp: 1000, amount: 19_753_086_42 },
    { kind: 'withholding' as const, label_jp: '源泉徴収税', label_en: 'Withholding tax', rate_bp: 2042, amount: -40_335_802_48 },
  ];
  const total = subtotal + 19_753_086_42 - 40_335_802_48;
  await db.insert(invoices).values({
    key: fx.usd,
    reference: fixtureReference('INV'),
    licensee: fx.org,
    period_start: new Date('2026-10-01T00:00:00Z'),
    period_end: new Date('2026-10-31T00:00:00Z'),
    amount: total,
    currency: 'USD',
    tax_lines: taxLines.map((l) => ({ kind: l.kind, label: l.label_en, rate_bp: l.rate_bp, amount: l.amount })),
    due_date: new Date('2026-12-31T00:00:00Z'),
    state: 'approved',
  });
  await db.insert(logWorkflow).values({
    id: newKey(),
    action: 'create',
    path: '>draft',
    key: fx.usd,
    ref: 'invoice',
    data: {
      breakdown: {
        licensee: fx.org,
        licensee_name: 'Demo Snacks Manufacturing Co.',
        holder_name: 'Demo Holder',
        period_start: '2026-10-01T00:00:00.000Z',
        period_end: '2026-10-31T00:00:00.000Z',
        currency: 'USD',
        lines: [line(1), line(2)],
        subtotal,
        tax_lines: taxLines,
        total,
        due_date: '2026-12-31T00:00:00.000Z',
        sales: [],
      },
    },
  });
});

afterAll(async () => {
  const db = await getDb();
  await db.update(holders).set({ config: restore }).where(eq(holders.key, holderKey));
  await pdf.close();
});

describe('the qualified invoice PDF', () => {
  it('jp: registration number, reference, parties, Japan-time issue day in Japanese style, bank; nothing off the page', async () => {
    const file = await fetchPdf('jp');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('適格請求書');
    expect(text).toContain(REGISTRATION);
    expect(text).toContain(fx.reference);
    expect(text).toContain('2026年11月25日');
    expect(text).not.toContain('2026年11月24日');
    expect(text).toContain('2026年10月分');
    expect(text).toContain('東京都千代田区丸の内1-1-1');
    expect(text).toContain('普通 1234567');
    expect(text).toContain('10%対象');
    expect(wordsOutsidePage(file)).toEqual([]);
  });

  it('en: the English layout with the same facts', async () => {
    const file = await fetchPdf('en');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('QUALIFIED INVOICE');
    expect(text).toContain(`Registration no.`);
    expect(text).toContain(REGISTRATION);
    expect(text).toContain('25 Nov 2026');
    expect(text).toContain('Royalties (license fees) for October 2026');
    expect(wordsOutsidePage(file)).toEqual([]);
  });

  it('withholding on cross-border royalties: gross, withheld and net, the advance billed; nothing off the page', async () => {
    const en = execFileSync('pdftotext', ['-layout', await fetchPdf('en', fx.usd), '-'], { encoding: 'utf8' });
    // The header wraps in its column: "Advance" over "billed".
    expect(en).toMatch(/Advance\s[\s\S]*billed/);
    // Recouped and billed advance on each of the two lines.
    expect(en.match(/\$12,345,678\.90/g)).toHaveLength(4);
    expect(en).toMatch(/Amount before withholding\s+\$217,283,950.62/);
    expect(en).toMatch(/Withholding tax \(20.42%\)\s+-\$40,335,802.48/);
    expect(en).toMatch(/Net amount due \(after withholding\)\s+\$176,948,148.14/);
    const jpFile = await fetchPdf('jp', fx.usd);
    const jp = execFileSync('pdftotext', ['-layout', jpFile, '-'], { encoding: 'utf8' });
    expect(jp).toContain('アドバンス請求');
    expect(jp).toContain('源泉徴収前の請求額');
    expect(jp).toContain('差引請求額（源泉徴収後）');
    expect(jp).not.toMatch(/Advance|Withholding|Net amount/);
    expect(wordsOutsidePage(jpFile)).toEqual([]);
    expect(wordsOutsidePage(await fetchPdf('en', fx.usd))).toEqual([]);
  });

  it('a registration number failing its check digit is never printed', () => {
    const wrong = `T${(corporateCheckDigit(BASE) + 1) % 10}${BASE}`;
    expect(registrationNumberOf({ 'invoice.registration_number': JSON.stringify(wrong) })).toBeNull();
    expect(registrationNumberOf({ 'invoice.registration_number': `Ｔ${REGISTRATION.slice(1)}` })).toBe(REGISTRATION);
  });
});
