import { corporateCheckDigit } from '../../lib/validation/jp-identifiers';
import { call } from './api-setup';
import { expect, signInAt, test } from './fixtures';

const BASE = '123456789012';
const REGISTRATION = `T${corporateCheckDigit(BASE)}${BASE}`;
const WRONG = `T${(corporateCheckDigit(BASE) % 9) + 1}${BASE}`;
/** As typed through a Japanese IME. */
const fullWidth = (text: string) => text.replace(/[T0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

test('the holder’s staff set what invoices print and when things are due, field by field, in Japanese', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'holder', '/jp/holder/settings');
  try {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('サービス設定');
    const form = page.getByTestId('holder-settings-form');
    await expect(form.getByRole('group', { name: '請求書' })).toBeVisible();
    // Empty boxes show the default they stand for.
    await expect(page.getByTestId('holder-settings-ref-invoice')).toHaveAttribute('placeholder', 'INV-{YYYY}-{seq:4}');
    await expect(page.getByLabel('支払期限（ロイヤリティ対象期間の終了後の日数）')).toHaveAccessibleDescription(
      '空欄の場合は既定の30日です。',
    );

    // A number whose check digit is wrong, days past a year, a format without a running number.
    await page.getByLabel('適格請求書発行事業者登録番号').fill(WRONG);
    await page.getByLabel('支払期限（ロイヤリティ対象期間の終了後の日数）').fill('400');
    await page.getByTestId('holder-settings-ref-license').fill('LIC-{YYYY}');
    await page.getByTestId('holder-settings-save').click();
    await expect(page.getByTestId('holder-settings-registration-error')).toHaveText(
      'T と13桁の登録番号（チェックディジットを含む）を入力してください。',
    );
    await expect(page.getByTestId('holder-settings-invoice-due-error')).toHaveText('365以下の値を入力してください。');
    await expect(page.getByTestId('holder-settings-ref-license-error')).toContainText('連番 {seq:N}');
    // Refused before it was sent: nothing saved.
    expect(
      (await call<{ registration_number: string }>(page, 'GET', '/api/holder/settings')).body?.data.registration_number,
    ).toBe('');

    await page.getByLabel('適格請求書発行事業者登録番号').fill(fullWidth(REGISTRATION));
    await page.getByLabel('発行者の住所').fill('東京都千代田区丸の内1-1-1');
    await page.getByLabel('振込先口座').fill('みずほ銀行 本店 普通 1234567');
    await page.getByLabel('支払期限（ロイヤリティ対象期間の終了後の日数）').fill('45');
    await page.getByTestId('holder-settings-ref-license').fill('');
    await page.getByLabel('各審査グループの判断期限（営業日）').fill('7');
    await page.getByLabel('ライセンシーが当月分を報告できるようにする').check();
    await page.getByTestId('holder-settings-save').click();
    await expect(page.getByTestId('holder-settings-flash')).toHaveText(
      '設定を保存しました。これから作成される請求書・報告・審査・参照番号に適用されます。',
    );
    // Stored as the tax office writes it: half-width.
    await expect(page.getByLabel('適格請求書発行事業者登録番号')).toHaveValue(REGISTRATION);

    await page.reload();
    await expect(page.getByLabel('適格請求書発行事業者登録番号')).toHaveValue(REGISTRATION);
    await expect(page.getByLabel('支払期限（ロイヤリティ対象期間の終了後の日数）')).toHaveValue('45');
    await expect(page.getByLabel('各審査グループの判断期限（営業日）')).toHaveValue('7');
    await expect(page.getByLabel('ライセンシーが当月分を報告できるようにする')).toBeChecked();

    // The change is in the holder's admin log, named as the page names it.
    await page.goto('/jp/holder/profile');
    const entry = page.getByTestId('holder-log-row').filter({ hasText: 'サービス設定の変更' }).first();
    await expect(entry).toContainText('適格請求書発行事業者登録番号');
    await expect(entry).toContainText(REGISTRATION);

    // Emptied, every box goes back to its default.
    await page.goto('/jp/holder/settings');
    for (const label of [
      '適格請求書発行事業者登録番号',
      '発行者の住所',
      '振込先口座',
      '支払期限（ロイヤリティ対象期間の終了後の日数）',
      '各審査グループの判断期限（営業日）',
    ]) {
      await page.getByLabel(label).fill('');
    }
    await page.getByLabel('ライセンシーが当月分を報告できるようにする').uncheck();
    await page.getByTestId('holder-settings-save').click();
    await expect(page.getByTestId('holder-settings-flash')).toContainText('設定を保存しました。');
    const after = (
      await call<{ invoice_due_days: number | null; review_sla_business_days: number | null }>(
        page,
        'GET',
        '/api/holder/settings',
      )
    ).body?.data;
    expect(after).toMatchObject({ invoice_due_days: null, review_sla_business_days: null });
  } finally {
    // Later journeys on this server expect the defaults.
    await call(page, 'PUT', '/api/holder/settings', {});
  }
});

test('a licensee cannot open the settings and has no menu entry for them', async ({ page }) => {
  await signInAt(page, 'licenseeOwner', '/en/licensee/list');
  await expect(page.getByRole('link', { name: 'Service settings' })).toHaveCount(0);
  await page.goto('/en/holder/settings');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
});
