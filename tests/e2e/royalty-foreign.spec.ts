import { type Page } from '@playwright/test';
import { api, personaAt } from './api-setup';
import { japanMonth, monthDays } from '../../lib/format/japan-calendar';
import { activeLicenseWithProduct } from './royalty-setup';
import { expect, test } from './fixtures';

/**
 * A cross-border license's month (issue 21), as finance reads it: a EUR license with an advance
 * and withholding on its royalties. On the en holder invoice list the EUR invoice first says no
 * rate is recorded and links to where to record it; finance records it there and the list then
 * shows the yen amount with the rate. The invoice's breakdown shows the advance billed and the
 * withholding as gross, withheld and net. After a partial payment the balance per license (under
 * the licensee) shows what is left, on the holder's page and on the licensee's own (jp). Setup goes
 * through the API; the journey reads only what pages show.
 */

const SHOTS = process.env.ROYALTY_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Last month (its sales) and the end of this month (the advance falls due on activation, now). */
function months(): { month: string; start: string; last: string; end: string } {
  // Months as they run in Japan, where the holder's months end.
  const month = japanMonth(new Date(), -1);
  const { start, end: last } = monthDays(month);
  return { month, start, last, end: monthDays(japanMonth(new Date())).end };
}

/** Minor units from an amount as the en page writes it (€1,234.56, -€204.20). */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

test('a EUR month: yen at the recorded rate, the advance, withholding gross/withheld/net, balance per license', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now().toString(36).toUpperCase();
  // Last month's sales and this month's activation (the advance) on one invoice: last month to this month's end.
  const period = months();

  const admin = await personaAt(browser, 'admin', '/en/profile');
  const holders = await api<{ items: { key: string }[] }>(admin, 'POST', '/api/v1/Holder/query', {
    filter: { is_default: true },
  });
  const holderKey = holders.items[0]!.key;
  const before = await api<{ version: number; config: Record<string, string> }>(admin, 'GET', `/api/v1/Holder/${holderKey}`);
  // Royalties paid abroad in EUR: withholding at 20.42%, no consumption tax.
  await api(admin, 'PATCH', `/api/v1/Holder/${holderKey}`, {
    version: before.version,
    config: {
      ...before.config,
      'tax.lines.EUR': JSON.stringify([
        { kind: 'withholding', label_jp: '源泉徴収税', label_en: 'Withholding tax', rate_bp: 2042 },
      ]),
    },
  });
  // No EUR rate for the month yet (left by an earlier run): the list must say so first.
  const cfl = await personaAt(browser, 'cfl', '/en/holder/invoice');
  const rates = await api<{ rates: { currency: string; month: string }[] }>(cfl, 'GET', '/api/sales/rates?currency=EUR');
  const hadRate = rates.rates.some((r) => r.month === period.month);

  const holder = await personaAt(browser, 'holder', '/en/holder/ip');
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/profile');
  const org = (await api<{ items: { key: string; name: string }[] }>(owner, 'POST', '/api/v1/Licensee/query', { limit: 10 }))
    .items[0]!;
  const sku = `EUR-${stamp}`;
  const { contract } = await activeLicenseWithProduct(
    browser,
    { holder, owner, org: org.key },
    {
      ipName: `Euro Character ${stamp}`,
      terms: {
        territory: ['FR'],
        term_start: `${period.start.slice(0, 4)}-01-01`,
        term_end: `${Number(period.start.slice(0, 4)) + 1}-12-31`,
        royalty_rate_bp: 1000,
        currency: 'EUR',
        advance: 100_000,
      },
      product: { name: 'Crêpes', sku },
    },
  );
  // Last month: €5,000.00 of net sales, €500.00 of royalties (recouped by the €1,000.00 advance).
  const report = await api<{ key: string }>(owner, 'POST', '/api/sales/report', {
    licensee: org.key,
    period_start: period.start,
    period_end: period.last,
    rows: [{ license: contract, product: sku, territory: 'FR', units: 50, gross_sales: '5000.00', net_sales: '5000.00' }],
  });
  await api(cfl, 'POST', `/api/v1/Holder/approve/reports/${report.key}`, { decision: 'approved' });
  const invoice = await api<{ invoice: { key: string; reference: string } }>(owner, 'POST', '/api/invoice/draft', {
    licensee: org.key,
    period_start: period.start,
    period_end: period.end,
    currency: 'EUR',
  });
  await api(owner, 'POST', `/api/v1/Invoice/${invoice.invoice.key}/submit`);
  await api(cfl, 'POST', `/api/v1/Holder/approve/invoices/${invoice.invoice.key}`, { decision: 'approved' });
  const boss = await personaAt(browser, 'boss', '/en/profile');
  await api(boss, 'POST', `/api/v1/Holder/approve/invoices/${invoice.invoice.key}`, { decision: 'approved' });
  await boss.context().close();
  const reference = invoice.invoice.reference;

  // en: the holder's invoice list, found by the invoice's reference.
  const findInvoice = async () => {
    await cfl.goto('/en/holder/invoice');
    // The list shows this invoice before the search is applied too; its answer re-draws the rows, so
    // a click before it could land on a row that is being replaced.
    const searched = cfl.waitForResponse(
      (res) => res.url().endsWith('/api/v1/Invoice/query') && (res.request().postData() ?? '').includes(reference),
    );
    await cfl.getByTestId('invoice-search').fill(reference);
    await searched;
    const row = cfl.getByTestId('invoice-row').filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    return row;
  };
  let row = await findInvoice();
  const amount = (await row.getByTestId('invoice-amount').innerText()).trim();
  expect(amount).toBe('€795.80');
  if (!hadRate) {
    await expect(row.getByTestId('invoice-jpy-missing')).toContainText(`No EUR rate is recorded for ${period.month}`);
    await shot(cfl, 'invoice-list-no-rate');
    // The link opens the rates form on that currency and month.
    await row.getByTestId('invoice-record-rate').click();
    await expect(cfl).toHaveURL(/\/en\/holder\/sales\?rate=EUR&month=/);
    await expect(cfl.getByTestId('rate-form').getByLabel(/^Currency/)).toHaveValue('EUR');
    await expect(cfl.getByTestId('rate-form').getByLabel(/^Month/)).toHaveValue(period.month);
    await cfl
      .getByTestId('rate-form')
      .getByLabel(/^Yen per unit/)
      .fill('162.5');
    await cfl.getByTestId('rate-submit').click();
    await expect(cfl.getByTestId('rate-flash')).toContainText(`The EUR rate for ${period.month} is recorded as ¥162.5`);
    row = await findInvoice();
  }
  // The yen amount with the rate it was converted at, as the bill converts.
  const rateText = (await row.getByTestId('invoice-rate').innerText()).trim();
  expect(rateText).toMatch(new RegExp(`^1 EUR = ¥[\\d,.]+ \\(rate for ${period.month}\\)$`));
  const rate = Number(/¥([\d,.]+)/.exec(rateText)![1]!.replace(/,/g, ''));
  const yen = Math.round((cents(amount) * rate) / 100);
  await expect(row.getByTestId('invoice-jpy')).toHaveText(`¥${yen.toLocaleString('en-US')}`);

  // The breakdown: the advance billed, the royalties it recoups, withholding as gross, withheld, net.
  await row.getByTestId('invoice-details').click();
  const breakdown = cfl.getByTestId('invoice-breakdown');
  await expect(breakdown.getByTestId('breakdown-advance')).toHaveText('€1,000.00');
  await expect(breakdown.getByTestId('breakdown-gross')).toHaveText('€1,000.00');
  await expect(breakdown.getByTestId('breakdown-withheld')).toHaveText('-€204.20');
  await expect(breakdown.getByTestId('breakdown-total')).toHaveText('€795.80');
  await expect(breakdown).toContainText('Withholding tax (20.42%)');
  await shot(cfl, 'invoice-list-in-yen');

  // Payments: €300.00 received; the balance per license under the licensee shows what is left.
  await cfl.getByTestId('tab-payments').click();
  const balance = cfl.locator(`[data-testid=invoice-balance][data-reference="${reference}"]`);
  await balance.getByTestId('record-payment').click();
  await cfl.getByTestId('payment-amount').fill('300.00');
  await cfl.getByTestId('payment-submit').click();
  await expect(cfl.getByTestId('payments-flash')).toContainText('Balance now €495.80');
  const perLicense = cfl.locator(`[data-testid=license-balance][data-reference="${contract}"]`);
  await expect(perLicense).toContainText(`Euro Character ${stamp}`);
  await expect(perLicense.getByTestId('license-outstanding')).toHaveText('€495.80');
  await shot(cfl, 'balance-per-license');

  // jp: the licensee reads the same balance for its license on its own page.
  await owner.goto('/jp/licensee/invoice');
  const own = owner.locator(`[data-testid=license-balance][data-reference="${contract}"]`);
  await expect(own.getByTestId('license-outstanding')).toHaveText('€495.80');
  await expect(owner.getByText('ライセンスごとの残高は')).toBeVisible();
  await shot(owner, 'own-balance-per-license');

  await api(admin, 'PATCH', `/api/v1/Holder/${holderKey}`, {
    version: (await api<{ version: number }>(admin, 'GET', `/api/v1/Holder/${holderKey}`)).version,
    config: before.config,
  });
});
