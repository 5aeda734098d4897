import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { api, personaAt } from './api-setup';
import { japanMonth, monthDays } from '../../lib/format/japan-calendar';
import { activeLicenseWithProduct } from './royalty-setup';
import { expect, test } from './fixtures';

/**
 * The royalty month (issue 21) as the people who run it: the licensee downloads October's template
 * on the jp page, fills it by contract reference and SKU, uploads it, then sends a correction; cfl
 * approves; on the en pages the holder's bill equals the invoice to the yen; the invoice PDF
 * carries the registration number, the reference and the Japan-time issue day, inside the page;
 * finance records a partial payment, then the rest, and the balance is zero. Setup (license,
 * product, approvals, Holder.config) goes through the API; the journey reads what pages show.
 */

const SHOTS = process.env.ROYALTY_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function tmpFile(name: string, content: Buffer | string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'royalty-e2e-')), name);
  fs.writeFileSync(file, content);
  return file;
}

/** The check digit rule of a 法人番号 / registration number (NTA): weights 1 and 2 from the right. */
function registration(base12: string): string {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) sum += Number(base12[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return `T${9 - (sum % 9)}${base12}`;
}

/** The month before the one running in Japan, where the holder's months end. */
function previousMonth(): { month: string; start: string; end: string } {
  const month = japanMonth(new Date(), -1);
  return { month, ...monthDays(month) };
}

/** Fills the template's row of `sku`: units and amounts; other rows stay blank (nothing sold). */
function fillTemplate(csv: string, sku: string, units: number, amount: number): string {
  return csv
    .split('\r\n')
    .map((line) => {
      const cells = line.split(',');
      if (cells[1] !== sku) return line;
      cells[4] = String(units);
      cells[5] = String(amount);
      cells[6] = String(amount);
      return cells.join(',');
    })
    .join('\r\n');
}

async function upload(owner: Page, file: string) {
  await owner.getByTestId('sales-file-input').setInputFiles(file);
  await expect(owner.getByTestId('sales-mapping')).toBeVisible();
  await owner.getByTestId('sales-import-submit').click();
  await expect(owner.getByTestId('sales-success')).toBeVisible();
}

test('the royalty month: template, correction, approval, bill = invoice, qualified invoice PDF, payments (jp, then en)', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const period = previousMonth();
  const REG = registration('987654321098');

  // Setup through the API: the holder's invoice details, an IP, an active license and an approved product.
  const admin = await personaAt(browser, 'admin', '/en/profile');
  const holders = await api<{ items: { key: string; config: Record<string, string> }[] }>(admin, 'POST', '/api/v1/Holder/query', {
    filter: { is_default: true },
  });
  const holderRecord = holders.items[0]!;
  const before = await api<{ version: number; config: Record<string, string> }>(
    admin,
    'GET',
    `/api/v1/Holder/${holderRecord.key}`,
  );
  await api(admin, 'PATCH', `/api/v1/Holder/${holderRecord.key}`, {
    version: before.version,
    config: {
      ...before.config,
      'invoice.registration_number': JSON.stringify(REG),
      'invoice.issuer_address': JSON.stringify('〒100-0005 東京都千代田区丸の内1-1-1'),
      'invoice.bank_account': JSON.stringify('みずほ銀行 丸の内支店 普通 7654321'),
    },
  });
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/profile');
  const orgs = await api<{ items: { key: string; name: string }[] }>(owner, 'POST', '/api/v1/Licensee/query', { limit: 10 });
  const org = orgs.items[0]!;
  const sku = `MON-${stamp}`;
  const { contract } = await activeLicenseWithProduct(
    browser,
    { holder, owner, org: org.key },
    {
      ipName: `月次キャラ ${stamp}`,
      terms: {
        territory: ['JP'],
        term_start: `${period.start.slice(0, 4)}-01-01`,
        term_end: `${Number(period.start.slice(0, 4)) + 1}-12-31`,
        royalty_rate_bp: 1000,
        currency: 'JPY',
      },
      product: { name: '月次チップス', sku },
    },
  );

  // jp: the licensee downloads last month's template from licensee/sales: its license by contract reference, its SKU.
  await owner.goto('/jp/licensee/sales');
  await owner.getByTestId('sales-month').fill(period.month);
  await owner.getByTestId('sales-tab-file').click();
  const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByTestId('sales-template-csv').click()]);
  expect(download.suggestedFilename()).toBe(`売上報告_${period.month}.csv`);
  const template = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(template.split('\r\n')[0]).toBe('契約番号,SKU,商品名,地域,数量,総売上,純売上,通貨');
  expect(template).toContain(`${contract},${sku},月次チップス,JP,,,,JPY`);
  await shot(owner, 'template-download');

  // Filled and uploaded: the new report shows in the list without a reload.
  await upload(owner, tmpFile(`october-${stamp}.csv`, fillTemplate(template, sku, 100, 500_000)));
  const reports = owner.getByTestId('sales-report').filter({ hasText: `october-${stamp}.csv` });
  await expect(reports).toHaveCount(1);
  const first = (await reports.getByTestId('reference').first().innerText()).trim();
  expect(first).toMatch(/^RPT-\d{4}-\d{4}$/);

  // A correction of the same month: a second report, both kept.
  await upload(owner, tmpFile(`october-${stamp}-fix.csv`, fillTemplate(template, sku, 120, 612_345)));
  const fix = owner.getByTestId('sales-report').filter({ hasText: `october-${stamp}-fix.csv` });
  await expect(fix).toHaveCount(1);
  const second = (await fix.getByTestId('reference').first().innerText()).trim();
  await shot(owner, 'correction-sent');

  // An unknown contract reference is refused naming the row, column and value, in Japanese.
  await owner
    .getByTestId('sales-file-input')
    .setInputFiles(tmpFile('wrong.csv', `契約番号,SKU,地域,数量,総売上,純売上\r\nLIC-1999-0001,${sku},JP,1,100,100\r\n`));
  await owner.getByTestId('sales-import-submit').click();
  await expect(owner.getByText('契約番号列「LIC-1999-0001」')).toBeVisible();
  await shot(owner, 'refused-row');

  // cfl approves the correction (the original is superseded, never counted twice).
  const cfl = await personaAt(browser, 'cfl', '/en/holder/sales');
  const found = await api<{ items: { key: string; reference: string }[] }>(cfl, 'POST', '/api/v1/SalesReport/query', {
    q: second,
    limit: 5,
  });
  await api(cfl, 'POST', `/api/v1/Holder/approve/reports/${found.items.find((r) => r.reference === second)!.key}`, {
    decision: 'approved',
  });
  await owner.reload();
  await owner.getByTestId('sales-tab-file').click();
  await expect(owner.getByTestId('sales-report').filter({ hasText: first }).getByTestId('sales-report-state')).toHaveText(
    '差し替え済み',
  );

  // en: the holder's bill for the month, for this licensee.
  await cfl.goto('/en/holder/sales');
  await cfl.getByTestId('holder-sales-tab-bill').click();
  await cfl.getByTestId('bill-filter-from').fill(period.start);
  await cfl.getByTestId('bill-filter-to').fill(period.end);
  const billTotal = cfl.locator(`[data-testid=sales-bill-total][data-licensee="${org.key}"][data-currency="JPY"]`);
  await expect(billTotal).toBeVisible();
  const billed = (await billTotal.getByTestId('sales-bill-total-amount').innerText()).trim();
  await shot(cfl, 'bill');

  // The invoice of the month (drafted by the licensee, approved by cfl and boss).
  const invoice = await api<{ invoice: { key: string; reference: string } }>(owner, 'POST', '/api/invoice/draft', {
    licensee: org.key,
    period_start: period.start,
    period_end: period.end,
  });
  await api(owner, 'POST', `/api/v1/Invoice/${invoice.invoice.key}/submit`);
  await api(cfl, 'POST', `/api/v1/Holder/approve/invoices/${invoice.invoice.key}`, { decision: 'approved' });
  const boss = await personaAt(browser, 'boss', '/en/profile');
  await api(boss, 'POST', `/api/v1/Holder/approve/invoices/${invoice.invoice.key}`, { decision: 'approved' });
  await boss.context().close();
  const reference = invoice.invoice.reference;

  // The bill now shows that invoice, for the same amount to the yen.
  await cfl.reload();
  await cfl.getByTestId('holder-sales-tab-bill').click();
  await cfl.getByTestId('bill-filter-from').fill(period.start);
  await cfl.getByTestId('bill-filter-to').fill(period.end);
  const invoicedRow = cfl.getByTestId('sales-bill-row').filter({ hasText: reference });
  await expect(invoicedRow.getByTestId('sales-bill-amount')).toHaveText(billed);

  // The invoice PDF: registration number, reference, Japan-time issue day; nothing outside the page.
  const pdf = await cfl.request.get(`/api/invoice/${invoice.invoice.key}/pdf?lang=jp`);
  expect(pdf.status()).toBe(200);
  const file = tmpFile('invoice.pdf', await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(REG);
  expect(text).toContain(reference);
  const today = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date())
    .reduce((s, p) => ({ ...s, [p.type]: p.value }), {} as Record<string, string>);
  expect(text).toContain(`${today.year}年${today.month}月${today.day}日`);
  const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  for (const page of bbox.split('<page ').slice(1)) {
    const width = Number(/width="([\d.]+)"/.exec(page)![1]);
    const height = Number(/height="([\d.]+)"/.exec(page)![1]);
    for (const m of page.matchAll(/xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)"/g)) {
      expect(Number(m[1])).toBeGreaterThanOrEqual(0);
      expect(Number(m[2])).toBeGreaterThanOrEqual(0);
      expect(Number(m[3])).toBeLessThanOrEqual(width);
      expect(Number(m[4])).toBeLessThanOrEqual(height);
    }
  }

  // en: finance records a partial payment, then the rest; the balance is zero.
  await cfl.goto('/en/holder/invoice');
  await cfl.getByTestId('tab-payments').click();
  const row = cfl.locator(`[data-testid=invoice-balance][data-reference="${reference}"]`);
  await expect(row.getByTestId('invoice-outstanding')).toContainText(billed);
  await row.getByTestId('record-payment').click();
  // A partial payment: about half of what the page bills (read as the page writes it, e.g. ¥67,359).
  const billedYen = Number(billed.replace(/[^\d]/g, ''));
  await cfl.getByTestId('payment-amount').fill(String(Math.floor(billedYen / 2)));
  await cfl.getByTestId('payment-submit').click();
  await expect(cfl.getByTestId('payments-flash')).toContainText(/Payment PAY-\d{4}-\d{4} recorded against/);
  // The licensee calls about that payment by its number: finance finds the invoice by it alone.
  const payment = /PAY-\d{4}-\d{4}/.exec((await cfl.getByTestId('payments-flash').textContent()) ?? '')![0];
  await cfl.getByTestId('payments-search').fill(payment);
  await expect(cfl.getByTestId('invoice-balance')).toHaveCount(1);
  await expect(row.getByTestId('invoice-outstanding')).toBeVisible();
  await cfl.getByTestId('payments-search').fill('');
  await row.getByTestId('record-payment').click();
  // The form offers the balance left.
  await cfl.getByTestId('payment-submit').click();
  await expect(row.getByTestId('invoice-outstanding')).toContainText('¥0');
  await expect(row.getByTestId('invoice-outstanding')).toContainText('Settled');
  await shot(cfl, 'paid');

  // jp: the licensee reads what it owes on its own page: this invoice settled, nothing to record.
  await owner.goto('/jp/licensee/invoice');
  const own = owner.locator(`[data-testid=invoice-balance][data-reference="${reference}"]`);
  await expect(own.getByTestId('invoice-outstanding')).toContainText(/[¥￥]0/);
  await expect(own.getByTestId('record-payment')).toHaveCount(0);
  await shot(owner, 'own-balance');

  // en: finance records the month's USD rate; the rates table shows it in yen.
  const month = period.start.slice(0, 7);
  await cfl.goto('/en/holder/sales');
  await cfl.getByTestId('holder-sales-tab-rates').click();
  await cfl
    .getByTestId('rate-form')
    .getByLabel(/^Currency/)
    .selectOption('USD');
  await cfl
    .getByTestId('rate-form')
    .getByLabel(/^Month/)
    .fill(month);
  await cfl
    .getByTestId('rate-form')
    .getByLabel(/^Yen per unit/)
    .fill('151.25');
  await cfl.getByTestId('rate-submit').click();
  await expect(cfl.getByTestId('rate-flash')).toContainText(`The USD rate for ${month} is recorded as ¥151.25`);
  await expect(
    cfl.locator(`[data-testid=rate-row][data-currency="USD"][data-month="${month}"]`).getByTestId('rate-value'),
  ).toHaveText('¥151.25');
  await shot(cfl, 'rates');

  await api(admin, 'PATCH', `/api/v1/Holder/${holderRecord.key}`, {
    version: (await api<{ version: number }>(admin, 'GET', `/api/v1/Holder/${holderRecord.key}`)).version,
    config: before.config,
  });
});
