/**
 * A decision reaches its item however long the approver's queue is: the queue lists at most 500
 * pending items, and approving the 501st used to answer "nothing of yours to decide" (found by the
 * load test, which keeps 600 permits waiting for brand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips, reviews, usages } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import { serveFlowApi, type FlowApi } from './flow-api';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

let api: FlowApi;

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
});

afterAll(async () => {
  await api.close();
});

describe('approving with more than 500 items waiting', () => {
  it('decides the newest item, past the first page of the queue', async () => {
    const db = await getDb();
    const designer = await issueAccessToken(await subOf('designer@example.com'));
    const brand = await issueAccessToken(await subOf('brand@example.com'));
    const ip = newKey();
    await db
      .insert(ips)
      .values({ key: ip, reference: fixtureReference('IP'), name: 'Long queue character', kind: 'primary', state: 'published' });
    // 500 older permits waiting for brand, written directly: they fill the queue's first page.
    const older = new Date(Date.now() - 86_400_000);
    const fillers = Array.from({ length: 500 }, () => newKey());
    await db.insert(usages).values(
      fillers.map((key) => ({
        key,
        reference: fixtureReference('USE'),
        ip,
        purpose: 'filler',
        state: 'requested',
        applicant: 'someone',
      })),
    );
    await db.insert(reviews).values(
      fillers.map((key) => ({
        key: newKey(),
        subject_type: 'usage',
        subject_key: key,
        group: 'brand',
        step: 'requested',
        state: 'pending',
        dateCreated: older,
      })),
    );
    const made = await api.call<{ status: number; data: { key: string } }>('POST', '/api/v1/Usage', designer, {
      ip,
      purpose: 'the newest request',
    });
    expect(made.json.status).toBe(0);
    const decided = await api.call<{ status: number; data: unknown }>(
      'POST',
      `/api/v1/Holder/approve/usages/${made.json.data.key}`,
      brand,
      { decision: 'approved' },
    );
    expect([decided.status, decided.json.status], JSON.stringify(decided.json.data)).toEqual([200, 0]);
  });
});
