import { api, call, ownDesignerKey, personaAt, type Rec } from './api-setup';
import { expect, test, personas } from './fixtures';

const DEMO_ORG = 'Demo Snacks Manufacturing Co.';

/**
 * A designer's license application offers only the licensee organisations the designer works
 * with or has been invited by (issue #17); any other organisation is refused by the server too.
 * The corporate designer (studio@) is used: no other journey invites it anywhere.
 */
test('[en] a designer applies only with its own organisations: none at first, the inviting one after', async ({ browser }) => {
  // Five people take part, each signing in in their own browser context.
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const holder = await personaAt(browser, 'holder', '/en/holder/ip');
  const designer = await personaAt(browser, 'corporateDesigner', '/en/designer/license');
  const brand = await personaAt(browser, 'brand', '/en/holder/approve/ip');
  const legal = await personaAt(browser, 'legal', '/en/holder/approve/ip');

  // An approved secondary IP of the studio, from a primary IP it holds a permit for.
  const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `Org primary ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);
  const designerKey = await ownDesignerKey(designer);
  const usage = await api<Rec>(designer, 'POST', '/api/v1/Usage', { ip: primary.key, designer: designerKey, purpose: 'Remix' });
  await api(brand, 'POST', `/api/v1/Holder/approve/usages/${String(usage.key)}`, { decision: 'approved' });
  const name = `Studio remix ${stamp}`;
  const secondary = await api<Rec>(designer, 'POST', '/api/v1/IP', {
    name,
    kind: 'secondary',
    designer: designerKey,
    parent: primary.key,
  });
  await api(designer, 'POST', `/api/v1/IP/${String(secondary.key)}/submit`);
  await api(brand, 'POST', `/api/v1/Holder/approve/ips/${String(secondary.key)}`, { decision: 'approved' });
  await api(legal, 'POST', `/api/v1/Holder/approve/ips/${String(secondary.key)}`, { decision: 'approved' });
  // An organisation the studio has nothing to do with.
  const unrelated = await api<Rec>(holder, 'POST', '/api/v1/Licensee', { name: `Unrelated Foods ${stamp}` });

  // No organisation works with the studio yet: nothing to apply with, and where that changes.
  await designer.goto('/en/designer/license');
  await expect(designer.getByTestId('license-no-organisations')).toContainText('An organisation invites you as its designer');

  // The demo organisation's owner invites the studio as its designer.
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/admin/profile');
  const orgs = await api<{ items: Rec[] }>(owner, 'POST', '/api/v1/Licensee/query', { filter: { name: DEMO_ORG } });
  await api(owner, 'POST', '/api/invite/licensee-designer', {
    email: personas.corporateDesigner,
    licensee: orgs.items[0]!.key,
    lang: 'en',
  });

  await designer.reload();
  await designer.getByTestId('license-ip').selectOption({ label: name });
  const offered = await designer.getByTestId('license-licensee').locator('option').allTextContents();
  expect(offered.slice(1)).toEqual([DEMO_ORG]);
  await designer.screenshot({ path: 'test-results/designer-license-organisations.png', fullPage: true });
  // The server refuses what the page does not offer, as a reference that does not exist.
  const refused = await call<{ errors: Record<string, string> }>(designer, 'POST', '/api/v1/License', {
    ip: secondary.key,
    licensee: unrelated.key,
    designer: designerKey,
    territory: ['JP'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 800,
  });
  expect([refused.http, refused.body?.status, Object.keys(refused.body?.data.errors ?? {})]).toEqual([400, 5, ['licensee']]);

  await designer.getByTestId('license-licensee').selectOption({ label: DEMO_ORG });
  await designer.getByTestId('license-territory-JP').check();
  await designer.getByTestId('license-term-start').fill('2027-01-01');
  await designer.getByTestId('license-term-end').fill('2027-12-31');
  await designer.getByTestId('license-rate').fill('8');
  await designer.getByTestId('license-submit').click();
  await expect(designer.getByTestId('license-applied')).toContainText(name);
  await expect(designer.getByTestId('license-row').filter({ hasText: name }).getByTestId('license-row-licensee')).toHaveText(
    DEMO_ORG,
  );

  for (const page of [holder, designer, brand, legal, owner]) await page.context().close();
});
