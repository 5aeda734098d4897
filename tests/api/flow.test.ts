import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { reviews } from '@/lib/server/db/entities-schema';
import { businessDaysBetween } from '@/lib/server/flow/business-days';
import { logWorkflow, notifications } from '@/lib/server/db/schema';
import { serveFlowApi, type FlowApi } from './flow-api';
import { issueAccessToken, designerKeyOf, subOf } from './tokens';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Rec = Record<string, unknown>;

let api: FlowApi;
const token: Record<string, string> = {};
let designerKey = '';
let otherDesignerKey = '';
let permittedPrimary = '';

async function unread(email: string): Promise<{ subject: string; content: string }[]> {
  const db = await getDb();
  return db
    .select({ subject: notifications.subject, content: notifications.content })
    .from(notifications)
    .where(eq(notifications.target, await subOf(email)));
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  const people = {
    admin: 'admin@example.com',
    holder: 'holder@example.com',
    brand: 'brand@example.com',
    legal: 'legal@example.com',
    cfl: 'cfl@example.com',
    boss: 'boss@example.com',
    designer: 'designer@example.com',
    studio: 'studio@example.com',
    user: 'user@example.com',
  };
  for (const [name, email] of Object.entries(people)) token[name] = await issueAccessToken(await subOf(email));
  designerKey = await designerKeyOf(people.designer);
  otherDesignerKey = await designerKeyOf(people.studio);
  // The designer's secondary IPs are made from a primary IP with an approved usage permit.
  const primary = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Permitted primary', kind: 'primary' });
  permittedPrimary = String(primary.json.data.key);
  await api.call('POST', `/api/v1/IP/${permittedPrimary}/publish`, token.holder);
  const permit = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, {
    ip: permittedPrimary,
    designer: designerKey,
    purpose: 'Secondary works',
  });
  const approved = await api.call<Envelope<{ subject: Rec }>>(
    'PATCH',
    `/api/v1/Review/${await pendingReview(String(permit.json.data.key), 'brand')}/approved`,
    token.brand,
    {},
  );
  expect(approved.json.data.subject.state).toBe('approved');
});

afterAll(async () => {
  await api?.close();
});

async function newSecondaryIp(name: string): Promise<string> {
  const res = await api.call<Envelope>('POST', '/api/v1/IP', token.designer, {
    name,
    kind: 'secondary',
    designer: designerKey,
    parent: permittedPrimary,
  });
  expect(res.json.status).toBe(0);
  expect(res.json.data.state).toBe('draft');
  return String(res.json.data.key);
}

async function pendingReview(subjectKey: string, group: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ key: reviews.key })
    .from(reviews)
    .where(and(eq(reviews.subject_key, subjectKey), eq(reviews.group, group), eq(reviews.state, 'pending')));
  if (!row) throw new Error(`no pending ${group} review for ${subjectKey}`);
  return row.key;
}

async function queueKeys(who: string, kind = 'ips'): Promise<string[]> {
  const res = await api.call<Envelope<{ subject: Rec }[]>>('GET', `/api/v1/Holder/approve/${kind}`, token[who]);
  expect(res.json.status).toBe(0);
  return res.json.data.map((item) => String(item.subject.key));
}

describe('SPEC §4 Review state changes by a patch with a state value: secondary IP flow', () => {
  it('submitted IP is approved by brand then legal, each seeing it only while its decision is pending', async () => {
    const key = await newSecondaryIp('Flow approved');
    const submitted = await api.call<Envelope>('POST', `/api/v1/IP/${key}/submit`, token.designer);
    expect(submitted.json.data.state).toBe('submitted');
    expect(await queueKeys('brand')).toContain(key);
    expect(await queueKeys('legal')).toContain(key);
    expect(await queueKeys('cfl')).not.toContain(key);

    const brand = await api.call<Envelope<{ moved: boolean; subject: Rec }>>(
      'PATCH',
      `/api/v1/Review/${await pendingReview(key, 'brand')}/approved`,
      token.brand,
      {},
    );
    expect(brand.json.status).toBe(0);
    expect(brand.json.data.moved).toBe(false);
    expect(brand.json.data.subject.state).toBe('submitted');
    expect(await queueKeys('brand')).not.toContain(key);
    expect(await queueKeys('legal')).toContain(key);

    const legal = await api.call<Envelope<{ moved: boolean; subject: Rec }>>(
      'POST',
      `/api/v1/Holder/approve/ips/${key}`,
      token.legal,
      { decision: 'approved' },
    );
    expect(legal.json.data.moved).toBe(true);
    expect(legal.json.data.subject.state).toBe('approved');
    expect(await queueKeys('legal')).not.toContain(key);

    const stats = await api.call<Envelope<{ total: number; byState: Rec; byGroup: Record<string, Rec> }>>(
      'GET',
      `/api/v1/Review/stats/${key}`,
      token.designer,
    );
    expect(stats.json.data.byState).toEqual({ approved: 2 });
    expect(stats.json.data.byGroup).toEqual({ brand: { approved: 1 }, legal: { approved: 1 } });

    const db = await getDb();
    const log = await db.select().from(logWorkflow).where(eq(logWorkflow.key, key));
    expect(log.map((l) => l.action).sort()).toEqual(['approved', 'approved', 'submit']);
    expect(log.find((l) => l.action === 'submit')).toMatchObject({ path: 'draft>submitted', ref: 'ip' });
    const designerNotes = await unread('designer@example.com');
    expect(designerNotes.some((n) => n.subject.includes('Flow approved') && n.subject.includes('承認済み'))).toBe(true);
    const brandNotes = await unread('brand@example.com');
    expect(brandNotes.some((n) => n.subject.includes('審査依頼') && n.subject.includes('Flow approved'))).toBe(true);
  });

  it('a rejection needs a comment, ends the round at once and reaches the designer with the comment', async () => {
    const key = await newSecondaryIp('Flow rejected');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const review = await pendingReview(key, 'legal');
    const silent = await api.call<Envelope<{ errors: Rec }>>('PATCH', `/api/v1/Review/${review}/rejected`, token.legal, {});
    expect(silent.status).toBe(400);
    expect(silent.json.data.errors.comment).toBeTruthy();
    const rejected = await api.call<Envelope<{ subject: Rec }>>('PATCH', `/api/v1/Review/${review}/rejected`, token.legal, {
      comment: 'The logo is distorted.',
    });
    expect(rejected.json.data.subject.state).toBe('rejected');
    expect(await queueKeys('brand')).not.toContain(key);
    const history = await api.call<Envelope<{ reviews: Rec[] }>>('GET', `/api/v1/IP/${key}/history`, token.designer);
    expect(history.json.data.reviews.find((r) => r.group === 'legal')).toMatchObject({
      state: 'rejected',
      comment: 'The logo is distorted.',
    });
    expect(history.json.data.reviews.find((r) => r.group === 'brand')).toMatchObject({ state: 'closed' });
    // The review closed by the rejection keeps nothing of the rejection (it is closed in the same statement).
    const [brand] = await (
      await getDb()
    )
      .select()
      .from(reviews)
      .where(and(eq(reviews.subject_key, key), eq(reviews.group, 'brand')));
    expect(brand).toMatchObject({ state: 'closed', reviewer: null, comment: null, markups: [], version: 1 });
    expect((await unread('designer@example.com')).some((n) => n.content.includes('The logo is distorted.'))).toBe(true);
  });

  it('changes requested: the designer resubmits and a new round opens, the old one kept', async () => {
    const key = await newSecondaryIp('Flow changes');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const asked = await api.call<Envelope<{ subject: Rec }>>(
      'PATCH',
      `/api/v1/Review/${await pendingReview(key, 'brand')}/changes_requested`,
      token.brand,
      {
        comment: 'Use the official colours.',
        markups: [{ image: 'img1', x: 0.25, y: 0.5, note: 'This red' }],
      },
    );
    expect(asked.json.data.subject.state).toBe('changes_requested');
    const again = await api.call<Envelope>('POST', `/api/v1/IP/${key}/resubmit`, token.designer);
    expect(again.json.data.state).toBe('submitted');
    const history = await api.call<Envelope<{ reviews: Rec[] }>>('GET', `/api/v1/IP/${key}/history`, token.designer);
    const rounds = history.json.data.reviews.map((r) => [r.revision, r.group, r.state]);
    expect(rounds).toEqual(
      expect.arrayContaining([
        [1, 'brand', 'changes_requested'],
        [2, 'brand', 'pending'],
        [2, 'legal', 'pending'],
      ]),
    );
    expect(history.json.data.reviews.find((r) => r.state === 'changes_requested')!.markups).toEqual([
      { image: 'img1', x: 0.25, y: 0.5, note: 'This red' },
    ]);
  });

  it('refuses illegal moves with a clear message and changes nothing', async () => {
    const key = await newSecondaryIp('Flow illegal');
    const wrongState = await api.call<Envelope>('POST', `/api/v1/IP/${key}/resubmit`, token.designer);
    expect(wrongState.status).toBe(409);
    // Said in the reader's words: where it stands and when the step can be taken.
    expect(String((wrongState.json.data as unknown as { errors: Rec }).errors.state)).toContain('「下書き」');
    expect(String((wrongState.json.data as unknown as { errors: Rec }).errors.state)).toContain('「修正依頼」');
    expect((await api.call('POST', `/api/v1/IP/${key}/fly`, token.designer)).status).toBe(404);
    expect((await api.call('POST', `/api/v1/IP/${key}/submit`, token.studio)).status).toBe(404);
    expect((await api.call('POST', `/api/v1/IP/${key}/submit`, token.brand)).status).toBe(403);
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const review = await pendingReview(key, 'brand');
    expect((await api.call('PATCH', `/api/v1/Review/${review}/approved`, token.cfl, {})).status).toBe(404);
    expect((await api.call('PATCH', `/api/v1/Review/${review}/maybe`, token.brand, {})).status).toBe(404);
    const after = await api.call<Envelope>('GET', `/api/v1/IP/${key}`, token.designer);
    expect(after.json.data.state).toBe('submitted');
    expect(after.json.data.version).toBe(2);
  });

  it('approve with conditions counts as approval and keeps the conditions', async () => {
    const key = await newSecondaryIp('Flow conditions');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    await api.call('POST', `/api/v1/Holder/approve/ips/${key}`, token.brand, {
      decision: 'approved_with_conditions',
      comment: 'Only on stationery.',
    });
    const done = await api.call<Envelope<{ subject: Rec }>>('POST', `/api/v1/Holder/approve/ips/${key}`, token.legal, {
      decision: 'approved',
    });
    expect(done.json.data.subject.state).toBe('approved');
  });
});

describe('POST /api/v1/Review/latest: the last decision beside each row of a list', () => {
  type Latest = { subject: string; group: string | null; state: string; comment: string | null; revision: number };

  it("answers the latest round's decision with its comment, leaves out undecided and unreadable records", async () => {
    const asked = await newSecondaryIp('Latest asked');
    await api.call('POST', `/api/v1/IP/${asked}/submit`, token.designer);
    await api.call('PATCH', `/api/v1/Review/${await pendingReview(asked, 'brand')}/changes_requested`, token.brand, {
      comment: 'Round one: softer outline.',
    });
    await api.call('POST', `/api/v1/IP/${asked}/resubmit`, token.designer);
    // Round two: brand approves without a word, legal asks again with one; the comment is what the row shows.
    await api.call('PATCH', `/api/v1/Review/${await pendingReview(asked, 'brand')}/approved`, token.brand, {});
    await api.call('PATCH', `/api/v1/Review/${await pendingReview(asked, 'legal')}/changes_requested`, token.legal, {
      comment: 'Round two: the tagline.',
    });
    const waiting = await newSecondaryIp('Latest waiting');
    await api.call('POST', `/api/v1/IP/${waiting}/submit`, token.designer);
    const draft = await newSecondaryIp('Latest draft');

    const mine = await api.call<Envelope<{ items: Latest[] }>>('POST', '/api/v1/Review/latest', token.designer, {
      entity: 'IP',
      keys: [asked, waiting, draft],
    });
    expect(mine.status).toBe(200);
    expect(mine.json.data.items).toEqual([
      expect.objectContaining({
        subject: asked,
        group: 'legal',
        state: 'changes_requested',
        comment: 'Round two: the tagline.',
        revision: 2,
      }),
    ]);
    // The history's own rule says the same for that record.
    const history = await api.call<Envelope<{ reviews: Latest[] }>>('GET', `/api/v1/IP/${asked}/history`, token.designer);
    const { lastDecision } = await import('@/lib/flow/last-decision');
    expect(lastDecision(history.json.data.reviews as never)).toMatchObject({ comment: 'Round two: the tagline.' });

    // Another designer's drafts and reviews in progress do not exist for them: nothing is told.
    const other = await api.call<Envelope<{ items: Latest[] }>>('POST', '/api/v1/Review/latest', token.studio, {
      entity: 'IP',
      keys: [asked],
    });
    expect(other.status).toBe(200);
    expect(other.json.data.items).toEqual([]);
  });

  it('refuses a body without keys, with too many, or naming an entity that is not reviewed, per field', async () => {
    const empty = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/Review/latest', token.designer, {
      entity: 'IP',
      keys: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.json.data.errors.keys).toBeTruthy();
    const many = Array.from({ length: 201 }, (_, i) => `k${i}`);
    const tooMany = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/Review/latest', token.designer, {
      entity: 'IP',
      keys: many,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.data.errors.keys).toBeTruthy();
    const notReviewed = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/Review/latest', token.designer, {
      entity: 'Tag',
      keys: ['abc'],
    });
    expect(notReviewed.status).toBe(400);
    expect(notReviewed.json.data.errors.entity).toBeTruthy();
    expect((await api.call('POST', '/api/v1/Review/latest', undefined, { entity: 'IP', keys: ['abc'] })).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('two approvals sent at once leave one consistent outcome and two Review records', async () => {
    const key = await newSecondaryIp('Flow race');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const [a, b] = await Promise.all([
      api.call<Envelope<{ moved: boolean }>>(
        'PATCH',
        `/api/v1/Review/${await pendingReview(key, 'brand')}/approved`,
        token.brand,
        {},
      ),
      api.call<Envelope<{ moved: boolean }>>(
        'PATCH',
        `/api/v1/Review/${await pendingReview(key, 'legal')}/approved`,
        token.legal,
        {},
      ),
    ]);
    expect([a.json.status, b.json.status]).toEqual([0, 0]);
    expect([a.json.data.moved, b.json.data.moved].filter(Boolean)).toHaveLength(1);
    const db = await getDb();
    const [decided] = await db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.subject_key, key), eq(reviews.state, 'approved')));
    expect(decided!.n).toBe(2);
    expect((await api.call<Envelope>('GET', `/api/v1/IP/${key}`, token.designer)).json.data.state).toBe('approved');
    const moves = await db
      .select()
      .from(logWorkflow)
      .where(and(eq(logWorkflow.key, key), eq(logWorkflow.path, 'submitted>approved')));
    expect(moves).toHaveLength(1);
  });

  it("a rejection and another reviewer's approval sent at once are applied one after the other, never a deadlock", async () => {
    // The rejection ends the round and closes the other reviewer's pending review; that reviewer's
    // approval, meanwhile, holds its review and waits for the subject. Locked review-first, the two
    // waited for each other and PostgreSQL aborted one (a 500). Several pairs at once, so that on
    // PostgreSQL the interleaving that deadlocked is all but certain to occur.
    const keys = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => newSecondaryIp(`Flow crossing ${n}`)));
    for (const key of keys) await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const pairs = await Promise.all(
      keys.map(async (key) => ({ brand: await pendingReview(key, 'brand'), legal: await pendingReview(key, 'legal') })),
    );
    const results = await Promise.all(
      pairs.flatMap((pair) => [
        api.call<Envelope>('PATCH', `/api/v1/Review/${pair.brand}/rejected`, token.brand, { comment: 'Not this one' }),
        api.call<Envelope>('PATCH', `/api/v1/Review/${pair.legal}/approved`, token.legal, {}),
      ]),
    );
    for (const [i, key] of keys.entries()) {
      const [rejected, approved] = [results[2 * i]!, results[2 * i + 1]!];
      // The rejection always lands; the approval lands first or finds its review closed by it.
      expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
      expect([200, 409], JSON.stringify(approved.json)).toContain(approved.status);
      expect((await api.call<Envelope>('GET', `/api/v1/IP/${key}`, token.designer)).json.data.state).toBe('rejected');
    }
  });

  it('the same item approved twice at once from the approval queue: one decision lands, the other is told it was already decided', async () => {
    // The approve route picks the caller's review after locking the record, so the second request
    // finds the first one's decision rather than deciding the same review again.
    const key = await newSecondaryIp('Flow queue double');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const results = await Promise.all(
      [0, 1].map(() => api.call<Envelope>('POST', `/api/v1/Holder/approve/ips/${key}`, token.brand, { decision: 'approved' })),
    );
    expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.json))).toEqual([200, 409]);
    const db = await getDb();
    const brandReviews = await db
      .select({ state: reviews.state })
      .from(reviews)
      .where(and(eq(reviews.subject_key, key), eq(reviews.group, 'brand')));
    expect(brandReviews.map((r) => r.state)).toEqual(['approved']);
    expect(await queueKeys('legal')).toContain(key);
  });

  it('a holder member whose groups have no say on an item is told there is nothing of theirs to decide, and nothing changes', async () => {
    const key = await newSecondaryIp('Flow not mine');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const refused = await api.call<Envelope>('POST', `/api/v1/Holder/approve/ips/${key}`, token.cfl, { decision: 'approved' });
    expect(refused.status).toBe(404);
    const db = await getDb();
    const decided = await db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.subject_key, key), ne(reviews.state, 'pending')));
    expect(decided[0]!.n).toBe(0);
    // Nor on a record of another kind than the queue's: a license queue does not decide an IP.
    const wrongKind = await api.call<Envelope>('POST', `/api/v1/Holder/approve/licenses/${key}`, token.brand, {
      decision: 'approved',
    });
    expect(wrongKind.status).toBe(404);
    expect((await api.call<Envelope>('GET', `/api/v1/IP/${key}`, token.designer)).json.data.state).toBe('submitted');
  });

  it('the same review decided twice at once: one wins, the other is told it was already decided', async () => {
    const key = await newSecondaryIp('Flow double');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const review = await pendingReview(key, 'brand');
    const results = await Promise.all([
      api.call<Envelope>('PATCH', `/api/v1/Review/${review}/approved`, token.brand, {}),
      api.call<Envelope>('PATCH', `/api/v1/Review/${review}/rejected`, token.brand, { comment: 'No' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const state = (await api.call<Envelope>('GET', `/api/v1/IP/${key}`, token.designer)).json.data.state;
    expect(results.find((r) => r.status === 200)!.json.data).toBeDefined();
    expect(['submitted', 'rejected']).toContain(state);
  });
});

describe('secondary IP prerequisites', () => {
  it('refuses a secondary IP without an approved usage permit of its primary IP', async () => {
    const bare = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Unpermitted primary', kind: 'primary' });
    await api.call('POST', `/api/v1/IP/${bare.json.data.key}/publish`, token.holder);
    const refused = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/IP', token.designer, {
      name: 'No permit',
      kind: 'secondary',
      designer: designerKey,
      parent: bare.json.data.key,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.data.errors.parent).toBeTruthy();
    const noParent = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/IP', token.designer, {
      name: 'No parent',
      kind: 'secondary',
      designer: designerKey,
    });
    expect(noParent.json.data.errors.parent).toBeTruthy();
  });
});

describe('other flows', () => {
  it('a primary IP is published by holder staff only', async () => {
    const created = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Primary flow', kind: 'primary' });
    const key = String(created.json.data.key);
    expect((await api.call('POST', `/api/v1/IP/${key}/publish`, token.boss)).status).toBe(403);
    const published = await api.call<Envelope>('POST', `/api/v1/IP/${key}/publish`, token.holder);
    expect(published.json.data.state).toBe('published');
    const retire = await api.call<Envelope<{ errors: Rec }>>('POST', `/api/v1/IP/${key}/retire`, token.holder, {});
    expect(retire.json.data.errors.comment).toBeTruthy();
  });

  it('a usage permit is requested by a designer and decided by brand', async () => {
    const created = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Permit base', kind: 'primary' });
    await api.call('POST', `/api/v1/IP/${created.json.data.key}/publish`, token.holder);
    const usage = await api.call<Envelope>('POST', '/api/v1/Usage', token.studio, {
      ip: created.json.data.key,
      designer: otherDesignerKey,
      purpose: 'Stickers',
    });
    expect(usage.json.data.state).toBe('requested');
    const list = await api.call<Envelope<{ queue: { subject: Rec }[] }>>('POST', '/api/v1/Usage/holder/list', token.brand, {});
    expect(list.json.data.queue.map((q) => q.subject.key)).toContain(usage.json.data.key);
    const decided = await api.call<Envelope<{ subject: Rec }>>(
      'PATCH',
      `/api/v1/Review/${await pendingReview(String(usage.json.data.key), 'brand')}/approved`,
      token.brand,
      {},
    );
    expect(decided.json.data.subject.state).toBe('approved');
  });
});

describe('waiting time, reminders and versions', () => {
  it('flags items past the limit in the queue and reminds their reviewers once a day', async () => {
    const { remindOverdue } = await import('@/lib/server/flow/remind-overdue');
    const key = await newSecondaryIp('Flow overdue');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const db = await getDb();
    const threeWeeksAgo = new Date(Date.now() - 21 * 24 * 3600 * 1000);
    await db.update(reviews).set({ dateCreated: threeWeeksAgo }).where(eq(reviews.subject_key, key));
    const queue = await api.call<Envelope<{ subject: Rec; waitingDays: number; overdue: boolean }[]>>(
      'GET',
      '/api/v1/Holder/approve/ips',
      token.brand,
    );
    const item = queue.json.data.find((q) => q.subject.key === key)!;
    // Three weeks hold 15 weekdays; those that are public holidays in Japan do not count
    // (tests/unit/business-days.test.ts pins that calendar).
    const waited = businessDaysBetween(threeWeeksAgo, new Date());
    expect(waited).toBeGreaterThanOrEqual(12);
    expect(waited).toBeLessThanOrEqual(15);
    expect(item.waitingDays).toBe(waited);
    expect(item.overdue).toBe(true);
    const before = (await unread('brand@example.com')).filter(
      (n) => n.subject.includes('Flow overdue') && n.subject.includes('期限超過'),
    );
    expect(before).toHaveLength(0);
    expect(await remindOverdue(db)).toBeGreaterThanOrEqual(2);
    const after = (await unread('brand@example.com')).filter(
      (n) => n.subject.includes('Flow overdue') && n.subject.includes('期限超過'),
    );
    expect(after).toHaveLength(1);
    expect(after[0]!.content).toContain(`${waited}営業日`);
    await remindOverdue(db);
    expect(
      (await unread('brand@example.com')).filter((n) => n.subject.includes('Flow overdue') && n.subject.includes('期限超過')),
    ).toHaveLength(1);
  });

  it('keeps each submitted version for side-by-side comparison', async () => {
    const key = await newSecondaryIp('Version one');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    await api.call('PATCH', `/api/v1/Review/${await pendingReview(key, 'brand')}/changes_requested`, token.brand, {
      comment: 'Rename it.',
    });
    await api.call('POST', `/api/v1/IP/${key}/revise`, token.designer);
    expect((await api.call<Envelope>('PATCH', `/api/v1/IP/${key}`, token.designer, { name: 'Version two' })).json.status).toBe(0);
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const history = await api.call<Envelope<{ versions: { revision: number; data: Rec }[] }>>(
      'GET',
      `/api/v1/IP/${key}/history`,
      token.designer,
    );
    expect(history.json.data.versions.map((v) => [v.revision, v.data.name])).toEqual([
      [1, 'Version one'],
      [2, 'Version two'],
    ]);
  });
});

describe('records under review', () => {
  it('the applicant cannot change an IP while reviewers decide or after approval; holder staff can', async () => {
    const key = await newSecondaryIp('Frozen');
    await api.call('POST', `/api/v1/IP/${key}/submit`, token.designer);
    const frozen = await api.call<Envelope>('PATCH', `/api/v1/IP/${key}`, token.designer, { name: 'Changed under review' });
    expect(frozen.status).toBe(403);
    expect((await api.call<Envelope>('GET', `/api/v1/IP/${key}`, token.designer)).json.data.name).toBe('Frozen');
    expect(
      (await api.call<Envelope>('PATCH', `/api/v1/IP/${key}`, token.holder, { description: 'Holder note' })).json.status,
    ).toBe(0);
  });
});

describe('license applications', () => {
  it('the licensee sends an application to review; legal, cfl and boss approve it', async () => {
    const owner = await issueAccessToken(await subOf('licensee@example.com'));
    const org = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Licensee/query', owner, {});
    const primary = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Licensed primary', kind: 'primary' });
    await api.call('POST', `/api/v1/IP/${primary.json.data.key}/publish`, token.holder);
    const applied = await api.call<Envelope>('POST', '/api/v1/License', owner, {
      ip: primary.json.data.key,
      licensee: org.json.data.items[0]!.key,
      territory: ['JP'],
      term_start: '2027-01-01',
      term_end: '2027-12-31',
      royalty_rate_bp: 800,
    });
    expect(applied.json.data.state).toBe('applied');
    const key = String(applied.json.data.key);
    expect((await api.call('POST', `/api/v1/License/${key}/start_review`, token.designer)).status).toBe(404);
    const sent = await api.call<Envelope>('POST', `/api/v1/License/${key}/start_review`, owner);
    expect(sent.json.data.state).toBe('in_review');
    for (const who of ['legal', 'cfl', 'boss']) expect(await queueKeys(who, 'licenses')).toContain(key);
    expect(await queueKeys('brand', 'licenses')).not.toContain(key);
    for (const who of ['legal', 'cfl']) {
      const res = await api.call<Envelope<{ moved: boolean }>>('POST', `/api/v1/Holder/approve/licenses/${key}`, token[who], {
        decision: 'approved',
      });
      expect(res.json.data.moved).toBe(false);
    }
    const last = await api.call<Envelope<{ moved: boolean; subject: Rec }>>(
      'POST',
      `/api/v1/Holder/approve/licenses/${key}`,
      token.boss,
      { decision: 'approved' },
    );
    expect(last.json.data.subject.state).toBe('approved');
  });
});
