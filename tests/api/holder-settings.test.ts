import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeAdminEntries } from '@/lib/server/audit/readable';
import { ensureReady } from '@/lib/server/boot';
import type { HolderSettings } from '@/lib/server/holder/settings';
import { getDb } from '@/lib/server/db/client';
import { holders } from '@/lib/server/db/entities-schema';
import { adminLog } from '@/lib/server/db/schema';
import { registrationNumberOf } from '@/lib/server/invoices/issuer';
import { dueDaysOf } from '@/lib/server/invoices/tax';
import { referenceFormatOf } from '@/lib/server/refs/allocate';
import { renderReference } from '@/lib/server/refs/format';
import { dueDays } from '@/lib/server/sales/period';
import { currentPeriodAllowed } from '@/lib/server/sales/period-rules';
import { slaDays } from '@/lib/server/flow/business-days';
import { corporateCheckDigit } from '@/lib/validation/jp-identifiers';
import * as settingsRoute from '@/pages/api/holder/settings';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
type Settings = HolderSettings;

let server: RouteServer;
const tokens: Record<string, string> = {};
const BASE = '123456789012';
const REGISTRATION = `T${corporateCheckDigit(BASE)}${BASE}`;
/** The same number as typed through a Japanese IME: full-width letters and digits. */
const typedFullWidth = REGISTRATION.replace(/[T0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const wrongCheckDigit = `T${(corporateCheckDigit(BASE) % 9) + 1}${BASE}`;

async function call<T>(method: string, as: string, body?: unknown) {
  const res = await server.request<Envelope<T>>(method, '/api/holder/settings', {
    headers: { authorization: `Bearer ${tokens[as]}` },
    body,
  });
  return { status: res.status, json: res.json };
}

async function holderConfig(): Promise<Record<string, string>> {
  const [row] = await (await getDb()).select().from(holders).where(eq(holders.is_default, true));
  return row!.config;
}

async function settingsLog() {
  return (await getDb()).select().from(adminLog).where(eq(adminLog.action, 'holder.settings'));
}

describe('the holder’s settings (GET and PUT /api/holder/settings)', () => {
  beforeAll(async () => {
    await ensureReady();
    server = await serveRoute(settingsRoute, '/api/holder/settings');
    for (const [id, email] of [
      ['holder', 'holder@example.com'],
      ['boss', 'boss@example.com'],
      ['licensee', 'licensee@example.com'],
    ] as const) {
      tokens[id] = await issueAccessToken(await subOf(email));
    }
    // A setting this page does not manage: it must survive every save.
    const db = await getDb();
    await db
      .update(holders)
      .set({ config: { ...(await holderConfig()), 'tax.lines': '[{"rate":10}]' } })
      .where(eq(holders.is_default, true));
  });

  it('shows each default while nothing is set', async () => {
    const res = await call<Settings>('GET', 'holder');
    expect(res.status).toBe(200);
    const s = res.json.data;
    expect(s).toMatchObject({
      registration_number: '',
      issuer_address: '',
      bank_account: '',
      invoice_due_days: null,
      sales_due_days: null,
      allow_current_period: false,
      review_sla_business_days: null,
      editable: true,
    });
    expect(s.defaults.invoice_due_days).toBe(dueDaysOf({}));
    expect(s.defaults.sales_due_days).toBe(dueDays({}));
    expect(s.defaults.review_sla_business_days).toBeGreaterThan(0);
    expect(s.defaults.references.invoice).toBe('INV-{YYYY}-{seq:4}');
    expect(s.references.invoice).toBe('');
  });

  it('saves what a finance team types, and each reader applies it', async () => {
    const res = await call<Settings>('PUT', 'holder', {
      registration_number: typedFullWidth,
      issuer_address: '東京都千代田区丸の内1-1-1',
      bank_account: 'みずほ銀行 本店 普通 1234567 カ）キャラクター',
      invoice_due_days: '45',
      sales_due_days: 20,
      allow_current_period: true,
      review_sla_business_days: 7,
      references: { license: 'KYK-{YY}-{seq:3}' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      registration_number: REGISTRATION,
      registration_number_unusable: false,
      invoice_due_days: 45,
      sales_due_days: 20,
      allow_current_period: true,
      review_sla_business_days: 7,
    });
    expect(res.json.data.references.license).toBe('KYK-{YY}-{seq:3}');

    const config = await holderConfig();
    expect(registrationNumberOf(config)).toBe(REGISTRATION);
    expect(dueDaysOf(config)).toBe(45);
    expect(dueDays(config)).toBe(20);
    expect(currentPeriodAllowed(config)).toBe(true);
    expect(slaDays(config, 'license', 'legal')).toBe(7);
    expect(renderReference(referenceFormatOf(config, 'license'), 7, new Date('2026-12-01T00:00:00Z'))).toBe('KYK-26-007');
    expect(config['tax.lines']).toBe('[{"rate":10}]');

    // One admin log entry, its lines named as the page names them.
    const log = await settingsLog();
    expect(log).toHaveLength(1);
    const [readable] = await describeAdminEntries(
      await getDb(),
      log.map((row) => ({ ...row, data: row.data as Record<string, unknown> })),
      'jp',
    );
    const fields = readable!.changes.map((c) => c.field);
    expect(fields).toContain('適格請求書発行事業者登録番号');
    expect(fields).toContain('請求書の支払期限（日数）');
    expect(readable!.changes.find((c) => c.field === '請求書の支払期限（日数）')).toMatchObject({ after: '45' });
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const before = await holderConfig();
    const logged = (await settingsLog()).length;
    const res = await call<{ errors: Record<string, string> }>('PUT', 'holder', {
      registration_number: wrongCheckDigit,
      invoice_due_days: 400,
      review_sla_business_days: 0,
      references: { invoice: 'inv-{seq:4}', license: 'LIC-{YYYY}' },
    });
    expect(res.status).toBe(400);
    const errors = res.json.data.errors;
    expect(errors.registration_number).toMatch(/チェックディジット/);
    expect(errors.invoice_due_days).toBe('365以下の値を入力してください。');
    expect(errors.review_sla_business_days).toBe('1以上の値を入力してください。');
    expect(errors['references.invoice']).toMatch(/英大文字/);
    expect(errors['references.license']).toMatch(/\{seq:N\}/);
    expect(await holderConfig()).toEqual(before);
    expect(await settingsLog()).toHaveLength(logged);

    const typed = await call<{ errors: Record<string, string> }>('PUT', 'holder', {
      sales_due_days: '二十',
      invoice_due_days: 1.5,
    });
    expect(typed.status).toBe(400);
    expect(typed.json.data.errors).toEqual({
      sales_due_days: '整数を入力してください。',
      invoice_due_days: '整数を入力してください。',
    });

    const unknown = await call<{ errors: Record<string, string> }>('PUT', 'holder', { 'tax.lines': '[]' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json.data.errors)).toEqual(['tax.lines']);
    expect(await holderConfig()).toEqual(before);
  });

  it('is the holder staff’s: a boss approver or a licensee may neither read nor change it', async () => {
    const before = await holderConfig();
    for (const who of ['boss', 'licensee']) {
      expect((await call('GET', who)).status).toBe(403);
      expect((await call('PUT', who, { invoice_due_days: 1 })).status).toBe(403);
    }
    expect(await holderConfig()).toEqual(before);
  });

  it('saving the same settings again writes nothing; an empty form goes back to every default', async () => {
    const current = (await call<Settings>('GET', 'holder')).json.data;
    const logged = (await settingsLog()).length;
    const same = await call<Settings>('PUT', 'holder', {
      registration_number: current.registration_number,
      issuer_address: current.issuer_address,
      bank_account: current.bank_account,
      invoice_due_days: current.invoice_due_days,
      sales_due_days: current.sales_due_days,
      allow_current_period: current.allow_current_period,
      review_sla_business_days: current.review_sla_business_days,
      references: { license: current.references.license },
    });
    expect(same.status).toBe(200);
    expect(await settingsLog()).toHaveLength(logged);

    const cleared = await call<Settings>('PUT', 'holder', {});
    expect(cleared.status).toBe(200);
    expect(cleared.json.data).toMatchObject({
      registration_number: '',
      invoice_due_days: null,
      sales_due_days: null,
      allow_current_period: false,
      review_sla_business_days: null,
    });
    const config = await holderConfig();
    expect(registrationNumberOf(config)).toBeNull();
    expect(dueDaysOf(config)).toBe(30);
    expect(config['tax.lines']).toBe('[{"rate":10}]');
    expect(Object.keys(config).filter((k) => k.startsWith('invoice.') || k.startsWith('reference.'))).toEqual([]);
    expect(await settingsLog()).toHaveLength(logged + 1);

    // What GET answers for the defaults (null, or an empty box's text) may be sent back as it is.
    const roundTrip = await call<Settings>('PUT', 'holder', {
      invoice_due_days: null,
      sales_due_days: '',
      registration_number: '',
    });
    expect(roundTrip.status, JSON.stringify(roundTrip.json)).toBe(200);
    expect(roundTrip.json.data).toMatchObject({ invoice_due_days: null, sales_due_days: null });
    expect(await settingsLog()).toHaveLength(logged + 1);
  });

  it('says so when a number stored before this page existed fails its check digit (invoices leave it off)', async () => {
    const db = await getDb();
    await db
      .update(holders)
      .set({ config: { ...(await holderConfig()), 'invoice.registration_number': JSON.stringify(wrongCheckDigit) } })
      .where(eq(holders.is_default, true));
    const res = await call<Settings>('GET', 'holder');
    expect(res.json.data).toMatchObject({ registration_number: wrongCheckDigit, registration_number_unusable: true });
  });
});
