import { type Browser, type Page } from '@playwright/test';
import { api, personaAt, signAndCountersign } from './api-setup';
import { expect } from './fixtures';

export interface LicenseTerms {
  territory: string[];
  term_start: string;
  term_end: string;
  royalty_rate_bp: number;
  currency: string;
  /** Minor units of the currency. */
  advance?: number;
}

/**
 * Setup of a royalty journey through the API, as the people involved would do it: the holder
 * publishes a primary IP; the licensee applies for a license on it; legal, cfl and boss approve;
 * the contract is sent, signed and countersigned (the license becomes active); the licensee's
 * product is approved by brand. Answers the license's key and its contract reference.
 */
export async function activeLicenseWithProduct(
  browser: Browser,
  people: { holder: Page; owner: Page; org: string },
  what: { ipName: string; terms: LicenseTerms; product: { name: string; sku: string } },
): Promise<{ license: string; contract: string }> {
  const { holder, owner, org } = people;
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: what.ipName, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  const license = await api<{ key: string }>(owner, 'POST', '/api/v1/License', { ip: ip.key, licensee: org, ...what.terms });
  await api(owner, 'POST', `/api/v1/License/${license.key}/start_review`);
  for (const persona of ['legal', 'cfl', 'boss'] as const) {
    const reviewer = await personaAt(browser, persona, '/jp/profile');
    await api(reviewer, 'POST', `/api/v1/Holder/approve/licenses/${license.key}`, { decision: 'approved' });
    await reviewer.context().close();
  }
  await api(holder, 'POST', `/api/v1/License/${license.key}/send_contract`);
  expect(await signAndCountersign(owner.request, holder.request, license.key)).toBe('active');
  const product = await api<{ key: string }>(owner, 'POST', '/api/v1/Product', { license: license.key, ...what.product });
  await api(owner, 'POST', `/api/v1/Product/${product.key}/submit`);
  const brand = await personaAt(browser, 'brand', '/jp/profile');
  await api(brand, 'POST', `/api/v1/Holder/approve/products/${product.key}`, { decision: 'approved' });
  await brand.context().close();
  const contract = (await api<{ reference: string }>(owner, 'GET', `/api/v1/License/${license.key}`)).reference;
  return { license: license.key, contract };
}
