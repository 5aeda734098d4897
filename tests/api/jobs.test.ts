/**
 * Durable jobs (lib/server/jobs): retries with backoff and dead letters; a job interrupted
 * between its effect and its completion takes effect exactly once when it runs again; approvals
 * never wait on the contract renderer (held here by a gate); the sys jobs routes list, show and
 * run again a dead letter.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ensureReady } from '@/lib/server/boot';
import type * as ContractPdf from '@/lib/server/contracts/contract-pdf';
import { getDb, type Db } from '@/lib/server/db/client';
import { licensees, licenses } from '@/lib/server/db/entities-schema';
import { contracts, credentials, emailOutbox, jobs } from '@/lib/server/db/platform-schema';
import { defineJob, PermanentJobError, type JobKind } from '@/lib/server/jobs/define';
import { contractRenderJob } from '@/lib/server/jobs/kinds/contract-render';
import { credentialIssueJob } from '@/lib/server/jobs/kinds/credential-issue';
import { enqueueJob, JOBS_CHANNEL, type NewJob } from '@/lib/server/jobs/enqueue';
import { backoffOf, runDueJobs } from '@/lib/server/jobs/run-due';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { subscribe } from '@/lib/server/notify/listener';
import * as listRoute from '@/pages/api/core/jobs/list';
import * as jobRoute from '@/pages/api/core/jobs/[key]';
import * as retryRoute from '@/pages/api/core/jobs/[key]/retry';
import { serveFlowApi, type FlowApi } from './flow-api';
import { jobsAfterRequests, serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

/** A gate the contract renderer waits at while a test holds it closed. */
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const state = { closed: false, waiting: 0, opened: Promise.resolve() };
  return {
    state,
    close() {
      state.closed = true;
      state.opened = new Promise<void>((resolve) => (open = resolve));
    },
    open() {
      state.closed = false;
      open();
    },
  };
});

vi.mock('@/lib/server/contracts/contract-pdf', async (importOriginal) => {
  const real = await importOriginal<typeof ContractPdf>();
  return {
    ...real,
    renderContractPdf: async (...args: Parameters<typeof real.renderContractPdf>) => {
      if (gate.state.closed) {
        gate.state.waiting++;
        await gate.state.opened;
        gate.state.waiting--;
      }
      return real.renderContractPdf(...args);
    },
  };
});

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
const PEOPLE = {
  admin: 'admin@example.com',
  owner: 'licensee@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
};
type Who = keyof typeof PEOPLE;
const token = {} as Record<Who, string>;
let api: FlowApi;
let list: RouteServer;
let one: RouteServer;
let retry: RouteServer;
let ip = '';
let org = '';

async function call<T = Rec>(method: string, path: string, who: Who, body?: unknown) {
  return api.call<Envelope<T>>(method, path, token[who], body);
}

async function jobRow(key: string) {
  const [row] = await (await getDb()).select().from(jobs).where(eq(jobs.key, key));
  return row!;
}

/** A license of the owner's organisation through review; with `approve`, through all three approvals. */
async function licenseInReview(approve: boolean): Promise<string> {
  const res = await call('POST', '/api/v1/License', 'owner', {
    ip,
    licensee: org,
    territory: ['JP'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 900,
    currency: 'JPY',
  });
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  const key = String(res.json.data.key);
  expect((await call('POST', `/api/v1/License/${key}/start_review`, 'owner')).json.status).toBe(0);
  if (approve) for (const who of ['legal', 'cfl', 'boss'] as const) await approveAs(key, who);
  return key;
}

async function approveAs(key: string, who: Who) {
  const decided = await call('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
  expect(decided.json.status, JSON.stringify(decided.json)).toBe(0);
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  list = await serveRoute(listRoute, '/api/core/jobs/list');
  one = await serveRoute(jobRoute, '/api/core/jobs/[key]');
  retry = await serveRoute(retryRoute, '/api/core/jobs/[key]/retry');
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) token[who] = await issueAccessToken(await subOf(email));
  const db = await getDb();
  const [own] = await db
    .select()
    .from(licensees)
    .where(eq(licensees.owner, await subOf(PEOPLE.owner)));
  org = own!.key;
  const primary = await call('POST', '/api/v1/IP', 'holder', { name: 'Queued Character', kind: 'primary' });
  ip = String(primary.json.data.key);
  expect((await call('POST', `/api/v1/IP/${ip}/publish`, 'holder')).json.status).toBe(0);
}, 120_000);

afterAll(async () => {
  gate.open();
  jobsAfterRequests.enabled = true;
  await Promise.all([api?.close(), list?.close(), one?.close(), retry?.close()]);
});

describe('retries and dead letters', () => {
  const attemptsSeen: number[] = [];
  let failUntil = Infinity;
  const flaky = defineJob({
    kind: 'test.flaky',
    lane: 'documents',
    payload: z.object({ n: z.number() }),
    subject: (p) => `flaky-${p.n}`,
    maxAttempts: 3,
    backoffMs: [1_000, 5_000],
    leaseMs: 10_000,
    async run(_payload, ctx) {
      attemptsSeen.push(ctx.job.attempts + 1);
      if (ctx.job.attempts + 1 < failUntil) throw new Error(`flaky failure ${ctx.job.attempts + 1}`);
    },
  }) as unknown as JobKind;

  it('retries a failing job with growing waits, then keeps it as a dead letter with its last error', async () => {
    const db = await getDb();
    const key = await db.transaction((tx) => flaky.enqueue(tx as unknown as Db, { n: 1 }));
    const t0 = new Date(Date.now() + 1000);
    expect(await runDueJobs(db, t0, { kinds: [flaky] })).toMatchObject({ retrying: 1, done: 0 });
    let row = await jobRow(key);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'flaky failure 1' });
    expect(row.runAt.getTime()).toBe(t0.getTime() + backoffOf(flaky, 1));
    // Not due before its wait is over.
    expect(await runDueJobs(db, new Date(t0.getTime() + 500), { kinds: [flaky] })).toMatchObject({ retrying: 0, done: 0 });
    const t1 = new Date(t0.getTime() + backoffOf(flaky, 1));
    await runDueJobs(db, t1, { kinds: [flaky] });
    row = await jobRow(key);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row.runAt.getTime()).toBe(t1.getTime() + backoffOf(flaky, 2));
    const t2 = new Date(t1.getTime() + backoffOf(flaky, 2));
    expect(await runDueJobs(db, t2, { kinds: [flaky] })).toMatchObject({ dead: 1 });
    row = await jobRow(key);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, lastError: 'flaky failure 3' });
    expect(row.finishedAt).toBeInstanceOf(Date);
    // A dead letter is never taken again by the worker.
    expect(await runDueJobs(db, new Date(t2.getTime() + 3_600_000), { kinds: [flaky] })).toMatchObject({ dead: 0, done: 0 });
    expect(attemptsSeen).toEqual([1, 2, 3]);

    // The administrator sees it among the dead jobs and runs it again; this time it succeeds.
    const dead = await list.request<Envelope<{ items: { key: string }[]; counts: Record<string, number> }>>(
      'GET',
      '/api/core/jobs/list?state=dead&kind=test.flaky',
      { headers: { authorization: `Bearer ${token.admin}` } },
    );
    expect(dead.json.data.items.map((j) => j.key)).toEqual([key]);
    expect(dead.json.data.counts.dead).toBeGreaterThanOrEqual(1);
    const detail = await one.request<Envelope<{ payload: Rec; lastError: string }>>('GET', `/api/core/jobs/${key}`, {
      headers: { authorization: `Bearer ${token.admin}` },
    });
    expect(detail.json.data).toMatchObject({ payload: { n: 1 }, lastError: 'flaky failure 3' });
    const again = await retry.request<Envelope>('POST', `/api/core/jobs/${key}/retry`, {
      headers: { authorization: `Bearer ${token.admin}` },
      body: {},
    });
    expect(again.json.status).toBe(0);
    expect((await jobRow(key)).state).toBe('queued');
    failUntil = 0;
    expect(await runDueJobs(db, new Date(), { kinds: [flaky] })).toMatchObject({ done: 1 });
    expect(await jobRow(key)).toMatchObject({ state: 'done', attempts: 4, lastError: null });
    // A job that is done is not run again by a click; nobody but an administrator may try.
    const refused = await retry.request<Envelope>('POST', `/api/core/jobs/${key}/retry`, {
      headers: { authorization: `Bearer ${token.admin}` },
      body: {},
    });
    expect(refused.status).toBe(409);
    const owner = await retry.request<Envelope>('POST', `/api/core/jobs/${key}/retry`, {
      headers: { authorization: `Bearer ${token.owner}` },
      body: {},
    });
    expect(owner.status).toBe(403);
    expect(
      (await list.request('GET', '/api/core/jobs/list', { headers: { authorization: `Bearer ${token.owner}` } })).status,
    ).toBe(403);
  });

  it('a permanent failure is a dead letter at once', async () => {
    const doomed = defineJob({
      kind: 'test.doomed',
      lane: 'documents',
      payload: z.object({}),
      subject: () => 'doomed',
      maxAttempts: 8,
      backoffMs: [1_000],
      leaseMs: 10_000,
      async run() {
        throw new PermanentJobError('cannot succeed as it stands');
      },
    }) as unknown as JobKind;
    const db = await getDb();
    const key = await db.transaction((tx) => doomed.enqueue(tx as unknown as Db, {}));
    expect(await runDueJobs(db, new Date(Date.now() + 1000), { kinds: [doomed] })).toMatchObject({ dead: 1 });
    expect(await jobRow(key)).toMatchObject({ state: 'dead', attempts: 1, lastError: 'cannot succeed as it stands' });
  });

  it('a job written in a transaction that rolls back never exists', async () => {
    const db = await getDb();
    let key = '';
    await expect(
      db.transaction(async (tx) => {
        key = await flaky.enqueue(tx as unknown as Db, { n: 99 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await (await getDb()).select().from(jobs).where(eq(jobs.key, key))).toHaveLength(0);
  });
});

describe('a run with a share of the time', () => {
  const ran: { n: number; from: number; to: number }[] = [];
  const busy = defineJob({
    kind: 'test.busy',
    lane: 'documents',
    payload: z.object({ n: z.number() }),
    subject: (p) => `busy-${p.n}`,
    maxAttempts: 1,
    backoffMs: [1_000],
    leaseMs: 10_000,
    async run({ n }) {
      const from = Date.now();
      // Busy, as a PDF is: the rest that follows is counted from how long the job took.
      while (Date.now() - from < 60);
      ran.push({ n, from, to: Date.now() });
    },
  }) as unknown as JobKind;

  it('rests after each job in proportion to its length before taking the next', async () => {
    const db = await getDb();
    const keys = await db.transaction(async (tx) => [
      await busy.enqueue(tx as unknown as Db, { n: 1 }),
      await busy.enqueue(tx as unknown as Db, { n: 2 }),
      await busy.enqueue(tx as unknown as Db, { n: 3 }),
    ]);
    try {
      const result = await runDueJobs(db, new Date(Date.now() + 1000), { kinds: [busy], share: 0.5 });
      expect(result).toMatchObject({ done: 3 });
      expect(ran).toHaveLength(3);
      // At half the time, each job waits at least as long as the one before it ran.
      for (let i = 1; i < ran.length; i++) {
        const length = ran[i - 1]!.to - ran[i - 1]!.from;
        expect(ran[i]!.from - ran[i - 1]!.to).toBeGreaterThanOrEqual(length - 2);
      }
    } finally {
      await db.delete(jobs).where(inArray(jobs.key, keys));
    }
  });
});

describe('writing a job', () => {
  it('wakes the workers on commit only, and joins a job already pending for the same `once`', async () => {
    const db = await getDb();
    const heard: (string | null)[] = [];
    const stop = await subscribe(JOBS_CHANNEL, (payload) => heard.push(payload));
    // Not due for an hour and of kinds no worker runs: the test reads the wake-ups alone.
    const job = (kind: string, once: string | null = null): NewJob => ({
      kind,
      subject: null,
      payload: {},
      once,
      maxAttempts: 1,
      runAt: new Date(Date.now() + 3_600_000),
    });
    const kinds = ['test.wake-rolled-back', 'test.wake-once'];
    try {
      await expect(
        db.transaction(async (tx) => {
          await enqueueJob(tx as unknown as Db, job('test.wake-rolled-back'));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const first = await db.transaction((tx) => enqueueJob(tx as unknown as Db, job('test.wake-once', 'wake-test')));
      const again = await db.transaction((tx) => enqueueJob(tx as unknown as Db, job('test.wake-once', 'wake-test')));
      expect(first.created).toBe(true);
      expect(again).toEqual({ key: first.key, created: false });
      expect(await db.select().from(jobs).where(inArray(jobs.kind, kinds))).toHaveLength(1);
      // Both commits woke the workers; notifications arrive in commit order, so the rolled-back
      // job's would have come before them.
      await vi.waitFor(() => expect(heard.filter((p) => p === 'test.wake-once')).toHaveLength(2), { timeout: 10_000 });
      expect(heard).not.toContain('test.wake-rolled-back');
    } finally {
      stop();
      await db.delete(jobs).where(inArray(jobs.kind, kinds));
    }
  });

  it("writes a mail's outbox row and its delivery job together, and neither when the command rolls back", async () => {
    const db = await getDb();
    const mail = (to: string) => ({ to, subject: 'outbox test', text: 'body', template: 'test' });
    const rolledBack = 'rolled-back@jobs-test.example';
    const kept = 'kept@jobs-test.example';
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx as unknown as Db, mail(rolledBack));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const key = await db.transaction((tx) => enqueueMail(tx as unknown as Db, mail(kept)));
    try {
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [rolledBack, kept]));
      expect(rows.map((r) => [r.key, r.to, r.subject])).toEqual([[key, kept, 'outbox test']]);
      const [job] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), eq(jobs.subject, key)));
      expect(job?.payload).toEqual({ outbox: key });
    } finally {
      await db.delete(jobs).where(and(eq(jobs.kind, 'mail'), eq(jobs.subject, key)));
      await db.delete(emailOutbox).where(eq(emailOutbox.key, key));
    }
  });
});

/**
 * A worker that dies between a job's effect and its completion: the effect is written in the
 * job's completing transaction, so the "death" (thrown here after the effect, before the commit)
 * undoes it; the job is taken again once its lease runs out and takes effect once.
 */
function dyingAfterEffect(kind: JobKind): JobKind {
  return {
    ...kind,
    async run(payload, ctx) {
      await kind.run(payload, {
        ...ctx,
        complete: (effect) =>
          ctx.db.transaction(async (tx) => {
            if (effect) await effect(tx as unknown as Db);
            throw new Error('worker killed after the effect, before the completion');
          }),
      });
    },
  };
}

describe('a job interrupted between its effect and its completion', () => {
  it('makes one contract PDF and one credential when it runs again', async () => {
    jobsAfterRequests.enabled = false;
    const db = await getDb();
    const license = await licenseInReview(true);
    const [prepared] = await db.select().from(contracts).where(eq(contracts.license, license));
    expect(prepared).toMatchObject({ state: 'preparing', file: null, sha256: null });
    const [renderJob] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'contract.render'), eq(jobs.subject, prepared!.key)));
    expect(renderJob!.state).toBe('queued');

    const t0 = new Date();
    const died = await runDueJobs(db, t0, { kinds: [dyingAfterEffect(contractRenderJob)], only: renderJob!.key });
    expect(died.retrying).toBe(1);
    const [stillPreparing] = await db.select().from(contracts).where(eq(contracts.key, prepared!.key));
    expect(stillPreparing!.file).toBeNull();

    // A worker killed outright leaves the job running under its lease: nobody takes it before the lease ends...
    await db
      .update(jobs)
      .set({ state: 'running', runAt: new Date(t0.getTime() + 60_000) })
      .where(eq(jobs.key, renderJob!.key));
    expect(await runDueJobs(db, new Date(), { kinds: [contractRenderJob] })).toMatchObject({ done: 0 });
    // ...then another worker does, and the contract gets exactly one PDF.
    const later = new Date(t0.getTime() + 61_000);
    expect(await runDueJobs(db, later, { kinds: [contractRenderJob] })).toMatchObject({ done: 1 });
    const after = await db.select().from(contracts).where(eq(contracts.license, license));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ key: prepared!.key, state: 'generated', revision: 1 });
    expect(after[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Three attempts: the one that died after its effect, the one killed outright (counted when its
    // lease was taken over), and the one that finished.
    expect(await jobRow(renderJob!.key)).toMatchObject({ state: 'done', attempts: 3 });
    // Run once more (a stale copy of the job): nothing changes.
    await runDueJobs(db, new Date(later.getTime() + 3_600_000), { kinds: [contractRenderJob] });
    expect(await db.select().from(contracts).where(eq(contracts.license, license))).toEqual(after);

    // The credential of an active license, the same way.
    await db.update(licenses).set({ state: 'active' }).where(eq(licenses.key, license));
    const issueKey = await db.transaction((tx) => credentialIssueJob.enqueue(tx as unknown as Db, { license }));
    const t1 = new Date(Date.now() + 1000);
    expect(await runDueJobs(db, t1, { kinds: [dyingAfterEffect(credentialIssueJob)], only: issueKey })).toMatchObject({
      retrying: 1,
    });
    expect(await db.select().from(credentials).where(eq(credentials.subject, license))).toHaveLength(0);
    await runDueJobs(db, new Date(t1.getTime() + 3_600_000), { kinds: [credentialIssueJob] });
    await runDueJobs(db, new Date(t1.getTime() + 7_200_000), { kinds: [credentialIssueJob] });
    const issued = await db.select().from(credentials).where(eq(credentials.subject, license));
    expect(issued).toHaveLength(1);
    expect(issued[0]!.state).toBe('active');
    jobsAfterRequests.enabled = true;
  });
});

describe('approvals and the contract renderer', () => {
  it('approves another license while a contract PDF is being rendered', async () => {
    jobsAfterRequests.enabled = false;
    const db = await getDb();
    const first = await licenseInReview(true);
    const second = await licenseInReview(false);
    await approveAs(second, 'legal');
    await approveAs(second, 'cfl');

    // The worker takes the first license's contract and is held inside the renderer.
    gate.close();
    const rendering = runDueJobs(db, new Date(), { kinds: [contractRenderJob] });
    await vi.waitFor(() => expect(gate.state.waiting).toBe(1), { timeout: 30_000 });

    // Meanwhile the second license gets its final approval, and the first one's page answers.
    await approveAs(second, 'boss');
    const [secondRow] = await db.select({ state: licenses.state }).from(licenses).where(eq(licenses.key, second));
    expect(secondRow!.state).toBe('approved');
    const attr = await call<{ preparing: boolean; sha256: string | null; canSign: boolean }>(
      'GET',
      `/api/pdf/attr/${first}`,
      'owner',
    );
    expect(attr.json.data).toMatchObject({ preparing: true, sha256: null, canSign: false });
    // The first license's row is not held either: its terms can change while its PDF renders.
    const current = await call<{ version: number }>('GET', `/api/v1/License/${first}`, 'holder');
    const patched = await call('PATCH', `/api/v1/License/${first}`, 'holder', {
      channels: ['Online'],
      version: current.json.data.version,
    });
    expect(patched.json.status, JSON.stringify(patched.json)).toBe(0);
    expect(gate.state.waiting).toBe(1);

    gate.open();
    await rendering;
    await runDueJobs(db, new Date(), { kinds: [contractRenderJob] });
    const ready = await call<{ preparing: boolean; sha256: string | null }>('GET', `/api/pdf/attr/${second}`, 'owner');
    expect(ready.json.data.preparing).toBe(false);
    expect(ready.json.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    jobsAfterRequests.enabled = true;
  });
});
