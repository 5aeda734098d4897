/**
 * A review stage whose only reviewers cannot exist for the record passes as approved: a product
 * made under a license of a primary IP (which has no designer) goes straight to the holder.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees, licenses, reviews } from '@/lib/server/db/entities-schema';
import { logWorkflow } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { serveFlowApi, type FlowApi } from './flow-api';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };

let api: FlowApi;
const token: Record<string, string> = {};
let license = '';

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  for (const [name, email] of Object.entries({
    holder: 'holder@example.com',
    brand: 'brand@example.com',
    licensee: 'licensee@example.com',
  }))
    token[name] = await issueAccessToken(await subOf(email));
  const primary = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'House mascot', kind: 'primary' });
  const ip = String(primary.json.data.key);
  await api.call('POST', `/api/v1/IP/${ip}/publish`, token.holder);
  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.owner, await subOf('licensee@example.com')));
  license = newKey();
  await db.insert(licenses).values({
    key: license,
    reference: fixtureReference('LIC'),
    ip,
    licensee: org!.key,
    state: 'active',
    territory: ['JP'],
    term_start: new Date('2026-01-01T00:00:00Z'),
    term_end: new Date('2027-12-31T00:00:00Z'),
    royalty_rate_bp: 800,
  });
});

afterAll(async () => {
  await api?.close();
});

it('skips the designer review of a product whose IP has no designer, and logs the skip', async () => {
  const made = await api.call<Envelope>('POST', '/api/v1/Product', token.licensee, { license, name: 'Chips', sku: 'CH-1' });
  expect(made.json.status).toBe(0);
  const key = String(made.json.data.key);
  expect(made.json.data.designer ?? null).toBeNull();
  const submitted = await api.call<Envelope>('POST', `/api/v1/Product/${key}/submit`, token.licensee);
  expect(submitted.json.status).toBe(0);
  expect(submitted.json.data.state).toBe('holder_review');
  const db = await getDb();
  const open = await db
    .select({ group: reviews.group, step: reviews.step })
    .from(reviews)
    .where(and(eq(reviews.subject_key, key), eq(reviews.state, 'pending')));
  expect(open).toEqual([{ group: 'brand', step: 'holder_review' }]);
  const actions = (await db.select({ action: logWorkflow.action }).from(logWorkflow).where(eq(logWorkflow.key, key))).map(
    (r) => r.action,
  );
  expect(actions).toEqual(expect.arrayContaining(['submit', 'skip_review']));
  const queue = await api.call<Envelope<{ subject: { key: string } }[]>>('GET', '/api/v1/Holder/approve/products', token.brand);
  expect(queue.json.data.map((i) => i.subject.key)).toContain(key);
});
