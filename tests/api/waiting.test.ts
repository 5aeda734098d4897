import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { invoices, ips, licenses, reviews, subjectVersions, usages } from '@/lib/server/db/entities-schema';
import { emailOutbox } from '@/lib/server/db/platform-schema';
import { logWorkflow, notifications, userAccess, users } from '@/lib/server/db/schema';
import { defaultFlows } from '@/lib/server/flow/definitions';
import type { FlowDef } from '@/lib/server/flow/types';
import { remindOverdue } from '@/lib/server/flow/remind-overdue';
import { sendDigests } from '@/lib/server/notify/digest';
import type { MailKind } from '@/lib/server/notify/mail-kinds';
import { tell } from '@/lib/server/notify/tell';
import { newKey } from '@/lib/server/keys';
import * as profileUpdateRoute from '@/pages/api/core/users/profile/update';
import * as homeRoute from '@/pages/api/home';
import type { HomeData } from '@/lib/server/home/types';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

/**
 * What waits for each person reaches them: reminders of items past their deadline are mailed to
 * each approver once a day and stop with the decision; a request for changes is mailed to the
 * applicant with the comment and the link to the license; mail preferences are honoured; and the
 * steps a person is offered on a license (GET …/actions, what the pages show) are exactly the
 * steps the API accepts from them, for every demo role and organisation sub-role and every state.
 */

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Rec = Record<string, unknown>;

let api: FlowApi;
let profile: RouteServer;
let home: RouteServer;
const token: Record<string, string> = {};
const email: Record<string, string> = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  brand: 'brand@example.com',
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
  designer: 'designer@example.com',
  owner: 'licensee@example.com',
  staff: 'licensee-staff@example.com',
  user: 'user@example.com',
};
let organisation = '';
let primary = '';

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  profile = await serveRoute(profileUpdateRoute, '/api/core/users/profile/update');
  home = await serveRoute(homeRoute, '/api/home');
  for (const [name, address] of Object.entries(email)) token[name] = await issueAccessToken(await subOf(address));
  const orgs = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Licensee/query', token.owner, {});
  organisation = String(orgs.json.data.items[0]!.key);
  // The organisation's designer member: a creator who works for it, with no business steps of its own.
  const db = await getDb();
  const sub = newKey();
  await db.insert(users).values({ sub, email: `member-${sub.slice(0, 8)}@example.com`, nickname: 'member', lang: 'jp' });
  await db.insert(userAccess).values({ sub, entry: `${getConfig().aclClient}:designer:licensee:${organisation}` });
  email.member = `member-${sub.slice(0, 8)}@example.com`;
  token.member = await issueAccessToken(sub);
  const ip = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Waiting primary', kind: 'primary' });
  primary = String(ip.json.data.key);
  await api.call('POST', `/api/v1/IP/${primary}/publish`, token.holder);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await profile?.close();
  await home?.close();
});

async function homeOf(who: string): Promise<HomeData> {
  const res = await home.request<Envelope<HomeData>>('GET', '/api/home', { headers: { authorization: `Bearer ${token[who]}` } });
  expect(res.status).toBe(200);
  return res.json.data;
}

async function newApplication(): Promise<{ key: string; reference: string }> {
  const res = await api.call<Envelope>('POST', '/api/v1/License', token.owner, {
    ip: primary,
    licensee: organisation,
    territory: ['JP'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 800,
  });
  expect(res.json.status).toBe(0);
  return { key: String(res.json.data.key), reference: String(res.json.data.reference) };
}

async function mailsTo(who: string, about: string) {
  const db = await getDb();
  return db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email[who]!), like(emailOutbox.subject, `%${about}%`)));
}

async function noticesTo(who: string, about: string) {
  const db = await getDb();
  return db
    .select({ subject: notifications.subject, content: notifications.content, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.target, await subOf(email[who]!)), like(notifications.subject, `%${about}%`)));
}

async function setMailOff(who: string, kinds: string[]) {
  const res = await profile.request<Envelope<{ mail_off: string[] }>>('POST', '/api/core/users/profile/update', {
    headers: { authorization: `Bearer ${token[who]}` },
    body: { mail_off: kinds },
  });
  expect(res.json.status).toBe(0);
  expect(res.json.data.mail_off).toEqual([...kinds].sort());
}

async function pendingReview(key: string, group: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ key: reviews.key })
    .from(reviews)
    .where(and(eq(reviews.subject_key, key), eq(reviews.group, group), eq(reviews.state, 'pending')));
  return row!.key;
}

describe('reminders of items past their deadline', () => {
  it('mail each approver once a day, honour turning overdue mail off, and stop with the decision', async () => {
    const { key, reference } = await newApplication();
    expect((await api.call<Envelope>('POST', `/api/v1/License/${key}/start_review`, token.owner)).json.status).toBe(0);
    const db = await getDb();
    const threeWeeksAgo = new Date(Date.now() - 21 * 24 * 3600 * 1000);
    await db.update(reviews).set({ dateCreated: threeWeeksAgo }).where(eq(reviews.subject_key, key));
    // The queue marks it and says when it was due.
    const queue = await api.call<Envelope<{ subject: Rec; overdue: boolean; deadline: string }[]>>(
      'GET',
      '/api/v1/Holder/approve/licenses',
      token.legal,
    );
    const item = queue.json.data.find((q) => q.subject.key === key)!;
    expect(item.overdue).toBe(true);
    expect(new Date(item.deadline).getTime()).toBeLessThan(Date.now());
    await setMailOff('boss', ['overdue']);

    const now = new Date();
    await remindOverdue(db, now);
    await remindOverdue(db, new Date(now.getTime() + 3600 * 1000));
    for (const who of ['legal', 'cfl']) {
      const mails = await mailsTo(who, reference);
      expect(mails.filter((m) => m.subject.includes('期限超過'))).toHaveLength(1);
      expect(mails[0]!.text).toContain(`/jp/holder/approve/license?open=${reference}`);
    }
    // Boss turned overdue mail off: the bell has the reminder, the mailbox does not.
    expect((await mailsTo('boss', reference)).filter((m) => m.subject.includes('期限超過'))).toHaveLength(0);
    expect((await noticesTo('boss', reference)).filter((n) => n.subject.includes('期限超過'))).toHaveLength(1);

    // A day later: one more each.
    await remindOverdue(db, new Date(now.getTime() + 25 * 3600 * 1000));
    for (const who of ['legal', 'cfl'])
      expect((await mailsTo(who, reference)).filter((m) => m.subject.includes('期限超過'))).toHaveLength(2);

    // Legal decides: legal is not reminded again, cfl (still to decide) is.
    const decided = await api.call<Envelope>(
      'PATCH',
      `/api/v1/Review/${await pendingReview(key, 'legal')}/approved`,
      token.legal,
      {},
    );
    expect(decided.json.status).toBe(0);
    await remindOverdue(db, new Date(now.getTime() + 50 * 3600 * 1000));
    expect((await mailsTo('legal', reference)).filter((m) => m.subject.includes('期限超過'))).toHaveLength(2);
    expect((await mailsTo('cfl', reference)).filter((m) => m.subject.includes('期限超過'))).toHaveLength(3);
    await setMailOff('boss', []);
  });
});

describe('changes requested reach the applicant', () => {
  it('by notification and mail, naming the license by number with the comment and the link; unless mail is off', async () => {
    const { key, reference } = await newApplication();
    await api.call('POST', `/api/v1/License/${key}/start_review`, token.owner);
    // Review requests are mailed to the approvers with the link to their queue.
    expect((await mailsTo('legal', reference)).some((m) => m.text.includes(`/jp/holder/approve/license?open=${reference}`))).toBe(
      true,
    );
    const asked = await api.call<Envelope<{ subject: Rec }>>(
      'PATCH',
      `/api/v1/Review/${await pendingReview(key, 'legal')}/changes_requested`,
      token.legal,
      { comment: '料率を再確認してください' },
    );
    expect(asked.json.data.subject.state).toBe('changes_requested');
    for (const who of ['owner', 'staff']) {
      const [mail] = (await mailsTo(who, reference)).filter((m) => m.subject.includes('修正依頼'));
      expect(mail, who).toBeDefined();
      expect(mail!.text).toContain('料率を再確認してください');
      expect(mail!.text).toContain('法務');
      expect(mail!.text).toContain(`/jp/licensee/list?open=${reference}`);
      const [notice] = await noticesTo(who, reference);
      expect(notice!.link).toBe(`/licensee/list?open=${reference}`);
    }

    // With changes mail off, the next request reaches the bell only.
    await setMailOff('staff', ['changes']);
    await api.call('PATCH', `/api/v1/License/${key}`, token.owner, { royalty_rate_bp: 650 });
    expect((await api.call<Envelope>('POST', `/api/v1/License/${key}/resubmit`, token.owner)).json.data.state).toBe('in_review');
    await api.call('PATCH', `/api/v1/Review/${await pendingReview(key, 'cfl')}/changes_requested`, token.cfl, {
      comment: 'MGを見直してください',
    });
    expect((await mailsTo('owner', reference)).filter((m) => m.text.includes('MGを見直してください'))).toHaveLength(1);
    expect((await mailsTo('staff', reference)).filter((m) => m.text.includes('MGを見直してください'))).toHaveLength(0);
    expect((await noticesTo('staff', reference)).filter((n) => n.content.includes('MGを見直してください'))).toHaveLength(1);
    await setMailOff('staff', []);
  });

  it('refuses an unknown kind of mail preference with a field error and changes nothing', async () => {
    const res = await profile.request<Envelope>('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${token.owner}` },
      body: { mail_off: ['everything'] },
    });
    expect(res.json.status).not.toBe(0);
    expect(res.status).toBe(400);
  });
});

describe('changes requested on a usage permit reach its applicant, who answers and resubmits', () => {
  async function newPermit(purpose: string): Promise<{ key: string; reference: string }> {
    const res = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primary, purpose });
    expect(res.json.status, JSON.stringify(res.json.data)).toBe(0);
    expect(res.json.data.state).toBe('requested');
    return { key: String(res.json.data.key), reference: String(res.json.data.reference) };
  }

  it('the brand asks for changes with a comment; the designer is told by bell and mail, edits, resubmits; every round is kept', async () => {
    const { key, reference } = await newPermit('季節のパッケージに使います');
    // The brand decides from its queue, as the approval page does.
    const asked = await api.call<Envelope<{ moved: boolean; subject: Rec }>>(
      'POST',
      `/api/v1/Holder/approve/usages/${key}`,
      token.brand,
      { decision: 'changes_requested', comment: '使用する商品の種類を書いてください' },
    );
    expect(asked.json.status, JSON.stringify(asked.json.data)).toBe(0);
    expect(asked.json.data.subject.state).toBe('changes_requested');

    // The applicant: a notification and a mail naming the permit by number, quoting the comment,
    // saying who asked, and linking to the permit's own panel.
    const [mail] = (await mailsTo('designer', reference)).filter((m) => m.subject.includes('修正依頼'));
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('利用許諾');
    expect(mail!.text).toContain('使用する商品の種類を書いてください');
    expect(mail!.text).toContain('ブランド');
    expect(mail!.text).toContain(`/jp/designer/usage?open=${reference}`);
    const notices = (await noticesTo('designer', reference)).filter((n) => n.subject.includes('修正依頼'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toBe(`/designer/usage?open=${reference}`);
    expect(notices[0]!.content).toContain('使用する商品の種類を書いてください');

    // Its own record: the request, the comment and the history; resubmission is offered to it alone.
    const history = await api.call<Envelope<{ reviews: Rec[]; log: Rec[] }>>(
      'GET',
      `/api/v1/Usage/${key}/history`,
      token.designer,
    );
    expect(history.json.status).toBe(0);
    expect(history.json.data.reviews.find((r) => r.state === 'changes_requested')?.comment).toBe(
      '使用する商品の種類を書いてください',
    );
    const offered = async (who: string) =>
      (
        await api.call<Envelope<{ actions: { action: string }[] }>>('GET', `/api/v1/Usage/${key}/actions`, token[who])
      ).json.data.actions.map((a) => a.action);
    expect(await offered('designer')).toEqual(['resubmit']);
    expect(await offered('brand')).toEqual([]);

    // Someone else may not send it back, in the reader's language; nothing changes.
    const refused = await api.call<Envelope>('POST', `/api/v1/Usage/${key}/resubmit`, token.brand);
    expect(refused.status).toBe(403);
    expect(String(refused.json.data)).toContain('申請者本人');
    const enRefused = await api.call<Envelope>('POST', `/api/v1/Usage/${key}/resubmit`, token.brand, undefined, {
      'x-lang': 'en',
    });
    expect(String(enRefused.json.data)).toContain('Only the applicant may');
    const hidden = await api.call<Envelope>('POST', `/api/v1/Usage/${key}/resubmit`, token.owner);
    expect(hidden.status).toBe(404);
    const db = await getDb();
    const stateOf = async () => (await db.select({ state: usages.state }).from(usages).where(eq(usages.key, key)))[0]!.state;
    expect(await stateOf()).toBe('changes_requested');

    // The applicant corrects the purpose and sends it back with an answer: a new round for the brand.
    const edited = await api.call<Envelope>('PATCH', `/api/v1/Usage/${key}`, token.designer, {
      purpose: '季節のパッケージ（菓子の箱）に使います',
    });
    expect(edited.json.status, JSON.stringify(edited.json.data)).toBe(0);
    const resubmitted = await api.call<Envelope>('POST', `/api/v1/Usage/${key}/resubmit`, token.designer, {
      comment: '商品の種類を追記しました',
    });
    expect(resubmitted.json.status, JSON.stringify(resubmitted.json.data)).toBe(0);
    expect(resubmitted.json.data.state).toBe('requested');
    const rounds = await db
      .select({ revision: reviews.revision, state: reviews.state, group: reviews.group })
      .from(reviews)
      .where(eq(reviews.subject_key, key))
      .orderBy(asc(reviews.revision));
    expect(rounds).toEqual([
      { revision: 1, state: 'changes_requested', group: 'brand' },
      { revision: 2, state: 'pending', group: 'brand' },
    ]);
    // What each round decided on is kept: the first purpose and the corrected one.
    const versions = await db
      .select({ revision: subjectVersions.revision, data: subjectVersions.data })
      .from(subjectVersions)
      .where(eq(subjectVersions.subject_key, key))
      .orderBy(asc(subjectVersions.revision));
    expect(versions.map((v) => [v.revision, (v.data as Rec).purpose])).toEqual([
      [1, '季節のパッケージに使います'],
      [2, '季節のパッケージ（菓子の箱）に使います'],
    ]);
    const [logged] = await db
      .select({ remarks: logWorkflow.remarks, path: logWorkflow.path })
      .from(logWorkflow)
      .where(and(eq(logWorkflow.key, key), eq(logWorkflow.action, 'resubmit')));
    expect(logged).toEqual({ remarks: '商品の種類を追記しました', path: 'changes_requested>requested' });
    // The brand is asked again, with the link to its queue's permits tab.
    expect(
      (await mailsTo('brand', reference)).filter((m) => m.text.includes(`/jp/holder/approve/ip?tab=usages&open=${reference}`)),
    ).toHaveLength(2);
    const queue = await api.call<Envelope<{ subject: Rec }[]>>('GET', '/api/v1/Holder/approve/usages', token.brand);
    expect(queue.json.data.some((item) => item.subject.key === key)).toBe(true);

    // Sent again while it is already back with the brand: refused per field, in jp or en, unchanged.
    const again = await api.call<Envelope<{ errors: Record<string, string> }>>(
      'POST',
      `/api/v1/Usage/${key}/resubmit`,
      token.designer,
    );
    expect(again.status).toBe(409);
    expect(again.json.data.errors.state).toContain('「申請中」');
    expect(again.json.data.errors.state).toContain('「修正依頼」');
    const en = await api.call<Envelope<{ errors: Record<string, string> }>>(
      'POST',
      `/api/v1/Usage/${key}/resubmit`,
      token.designer,
      undefined,
      { 'x-lang': 'en' },
    );
    expect(en.status).toBe(409);
    expect(en.json.data.errors.state).toContain('"Changes requested"');
    expect(en.json.data.errors.state).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(await stateOf()).toBe('requested');

    // Approved in the second round: the designer is told, and resubmission stays refused.
    const approved = await api.call<Envelope<{ subject: Rec }>>('POST', `/api/v1/Holder/approve/usages/${key}`, token.brand, {
      decision: 'approved',
    });
    expect(approved.json.data.subject.state).toBe('approved');
    expect((await api.call<Envelope>('POST', `/api/v1/Usage/${key}/resubmit`, token.designer)).status).toBe(409);
  });

  it('a designer home lists the permit sent back, linking to its panel', async () => {
    const { key, reference } = await newPermit('ポスターに使います');
    await api.call('POST', `/api/v1/Holder/approve/usages/${key}`, token.brand, {
      decision: 'changes_requested',
      comment: '掲示場所を書いてください',
    });
    const home = await homeOf('designer');
    const changes = home.sections.find((s) => s.id === 'changes');
    expect(changes?.items).toContainEqual(
      expect.objectContaining({ kind: 'usage', state: 'changes_requested', href: `/designer/usage?open=${reference}` }),
    );
  });
});

describe('the daily digest', () => {
  const at = (iso: string) => new Date(iso);
  const digestsTo = async (who: string) => {
    const db = await getDb();
    return db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email[who]!), like(emailOutbox.subject, '%本日の対応待ちのお知らせ%')));
  };
  const notify = async (who: string, subject: string, kind: MailKind = 'changes') => {
    const db = await getDb();
    await db.transaction((tx) =>
      tell(tx, {
        people: [userSub[who]!],
        notice: () => ({ subject, content: 'Details' }),
        link: '/licensee/list?open=LIC-2030-0001',
        mail: kind,
      }),
    );
  };
  const userSub: Record<string, string> = {};

  it("sends one mail a day listing the day's items instead of one each, honours kinds turned off, and none for those who did not choose it", async () => {
    userSub.owner = await subOf(email.owner!);
    userSub.staff = await subOf(email.staff!);
    const res = await profile.request<Envelope<{ mail_digest: boolean }>>('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${token.owner}` },
      body: { mail_digest: true, mail_off: ['overdue'] },
    });
    expect(res.json.status).toBe(0);
    expect(res.json.data.mail_digest).toBe(true);
    try {
      const stamp = newKey().slice(0, 6);
      await notify('owner', `Digest one ${stamp}`);
      await notify('owner', `Digest two ${stamp}`, 'contract');
      // A kind turned off is never mailed, in a digest or otherwise; the bell still has it.
      await notify('owner', `Digest off ${stamp}`, 'overdue');
      // Nobody else's choice changes: staff still gets its mail at once.
      await notify('staff', `Digest staff ${stamp}`);
      expect(await mailsTo('owner', stamp)).toEqual([]);
      expect(await mailsTo('staff', `Digest staff ${stamp}`)).toHaveLength(1);
      expect(await noticesTo('owner', stamp)).toHaveLength(3);

      // Before 18:00 Japan time nothing goes; after, one mail with both items and their links.
      expect(await sendDigests(await getDb(), at('2030-01-10T08:00:00Z'))).toBe(0);
      const before = (await digestsTo('owner')).length;
      expect(await sendDigests(await getDb(), at('2030-01-10T10:00:00Z'))).toBeGreaterThanOrEqual(1);
      const digests = await digestsTo('owner');
      expect(digests).toHaveLength(before + 1);
      const digest = digests.find((d) => d.text.includes(`Digest one ${stamp}`))!;
      expect(digest.subject).toContain('（2件）');
      expect(digest.text).toContain(`Digest two ${stamp}`);
      expect(digest.text).not.toContain(`Digest off ${stamp}`);
      expect(digest.text).toMatch(/https?:\/\/\S+\/jp\/licensee\/list\?open=LIC-2030-0001/);

      // Once a day: a later item the same day waits for tomorrow's digest.
      await notify('owner', `Digest three ${stamp}`);
      await sendDigests(await getDb(), at('2030-01-10T13:00:00Z'));
      expect(await digestsTo('owner')).toHaveLength(before + 1);
      await sendDigests(await getDb(), at('2030-01-11T09:30:00Z'));
      const next = await digestsTo('owner');
      expect(next).toHaveLength(before + 2);
      const third = next.find((d) => d.text.includes(`Digest three ${stamp}`))!;
      expect(third.subject).toContain('（1件）');
      expect(third.text).not.toContain(`Digest one ${stamp}`);
    } finally {
      await profile.request('POST', '/api/core/users/profile/update', {
        headers: { authorization: `Bearer ${token.owner}` },
        body: { mail_digest: false, mail_off: [] },
      });
    }
  });

  it('refuses a digest choice that is not yes or no, and changes nothing', async () => {
    const res = await profile.request<Envelope<{ errors: Record<string, string> }>>('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${token.owner}` },
      body: { mail_digest: 'daily' },
    });
    expect(res.status).toBe(400);
    expect(res.json.data.errors.mail_digest).toBeTruthy();
    const db = await getDb();
    const [row] = await db.select({ digest: users.mailDigest }).from(users).where(eq(users.email, email.owner!));
    expect(row!.digest).toBe(false);
  });
});

describe('only the actions a person may take', () => {
  // Signing and countersigning go through the e-signature (/api/pdf/sign), not a bare step.
  const ESIGN = new Set(['sign', 'countersign']);
  const people = ['owner', 'staff', 'member', 'holder', 'admin', 'legal', 'cfl', 'boss', 'brand', 'designer', 'user'];
  type Table = typeof licenses | typeof invoices | typeof ips | typeof usages;

  /**
   * For every state of a record's flow and every person: the steps GET …/actions offers (what the
   * pages show: the license dialog, the invoice and contract lists, the IP panels) are exactly the
   * steps POST …/{action} accepts. Answers the number of accepted steps.
   */
  async function offeredIsAccepted(entity: string, table: Table, key: string, flow: FlowDef): Promise<number> {
    const db = await getDb();
    const actions = [...new Set(flow.transitions.map((t) => t.action))].filter((a) => !ESIGN.has(a));
    const mismatches: string[] = [];
    let accepted = 0;
    for (const state of flow.states) {
      for (const who of people) {
        await db.update(table).set({ state }).where(eq(table.key, key));
        const offered = await api.call<Envelope<{ actions: { action: string }[] }>>(
          'GET',
          `/api/v1/${entity}/${key}/actions`,
          token[who],
        );
        expect(offered.status, `${who} reads the actions of ${entity} at ${state}`).toBeLessThan(500);
        const offer = new Set(offered.json.status === 0 ? offered.json.data.actions.map((a) => a.action) : []);
        for (const action of actions) {
          await db.update(table).set({ state }).where(eq(table.key, key));
          const res = await api.call<Envelope>('POST', `/api/v1/${entity}/${key}/${action}`, token[who], { comment: 'Reason' });
          const ok = res.json.status === 0;
          if (ok) accepted++;
          if (ok !== offer.has(action))
            mismatches.push(`${who} ${entity}.${action} at ${state}: offered ${offer.has(action)}, accepted ${ok}`);
          // A refusal is a 4xx that says why, never a server failure.
          if (!ok) expect(res.status, `${who} ${action} at ${state}`).toBeLessThan(500);
          // A step refused to someone who sees the record says who may take it, in their language.
          if (res.status === 403) expect(String(res.json.data)).toMatch(/権限がありません|may not take this step/);
        }
      }
    }
    expect(mismatches).toEqual([]);
    return accepted;
  }

  it('offers on a license in every state exactly the steps the API accepts, for every role and sub-role', async () => {
    const { key } = await newApplication();
    // Owner, staff, holder staff, admin and legal each have steps somewhere in the flow.
    expect(await offeredIsAccepted('License', licenses, key, defaultFlows.license)).toBeGreaterThan(20);
  }, 600_000);

  it('offers on an invoice exactly what the API accepts: holder@ is not offered 支払済みにする, CFL and admins are', async () => {
    const db = await getDb();
    const key = newKey();
    await db.insert(invoices).values({
      key,
      reference: `INV-T-${key.slice(0, 6)}`,
      licensee: organisation,
      period_start: new Date('2026-01-01T00:00:00Z'),
      period_end: new Date('2026-03-31T00:00:00Z'),
      amount: 1000,
    });
    expect(await offeredIsAccepted('Invoice', invoices, key, defaultFlows.invoice)).toBeGreaterThan(3);
    await db.update(invoices).set({ state: 'approved' }).where(eq(invoices.key, key));
    const markPaid = async (who: string) =>
      (
        await api.call<Envelope<{ actions: { action: string }[] }>>('GET', `/api/v1/Invoice/${key}/actions`, token[who])
      ).json.data.actions.some((a) => a.action === 'mark_paid');
    expect(await markPaid('holder')).toBe(false);
    expect(await markPaid('cfl')).toBe(true);
    expect(await markPaid('admin')).toBe(true);
    // Sent anyway, the step is refused with who may take it.
    const refused = await api.call<Envelope>('POST', `/api/v1/Invoice/${key}/mark_paid`, token.holder);
    expect(refused.status).toBe(403);
    expect(String(refused.json.data)).toContain('CFL');
  }, 600_000);

  it("offers on a primary IP's panel exactly the publish and retire steps the API accepts", async () => {
    const ip = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Offered primary', kind: 'primary' });
    expect(await offeredIsAccepted('IP', ips, String(ip.json.data.key), defaultFlows.primary_ip)).toBeGreaterThan(1);
  }, 600_000);

  it('offers on a usage permit in every state exactly what the API accepts: only its applicant resubmits, brand and admins revoke', async () => {
    const res = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primary, purpose: 'Offered permit' });
    expect(res.json.status).toBe(0);
    const key = String(res.json.data.key);
    expect(defaultFlows.usage.states).toContain('changes_requested');
    // resubmit (the applicant, from changes_requested) and revoke (brand, admin, from approved).
    expect(await offeredIsAccepted('Usage', usages, key, defaultFlows.usage)).toBe(3);
  }, 600_000);

  it("an organisation's designer member is offered no business step; its owner and staff are", async () => {
    const { key } = await newApplication();
    const offered = async (who: string) =>
      (
        await api.call<Envelope<{ actions: { action: string }[] }>>('GET', `/api/v1/License/${key}/actions`, token[who])
      ).json.data.actions.map((a) => a.action);
    expect(await offered('owner')).toEqual(['start_review']);
    expect(await offered('staff')).toEqual(['start_review']);
    expect(await offered('member')).toEqual([]);
    const refused = await api.call<Envelope>('POST', `/api/v1/License/${key}/start_review`, token.member);
    expect(refused.status).toBe(403);
  });
});
