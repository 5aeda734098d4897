/**
 * No key in any text a person reads: every notice, every mail template, every admin-log action
 * and every workflow-log action, rendered for every kind of record in both languages, says what
 * it is about by reference and name. The lists come from the registries themselves, so a new
 * notice, template, action or kind is covered (or, for templates and admin actions, does not
 * compile here until it has a sample).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_LOG_ACTIONS, type AdminLogAction } from '@/lib/server/audit/actions';
import { describeAdminEntry, type LogNames } from '@/lib/server/audit/readable';
import { inviteMail } from '@/lib/server/invite/mail';
import { INVITE_KINDS } from '@/lib/server/invite/token';
import { renderTemplate, templateIds, type TemplateId, type TemplateVars } from '@/lib/server/mail/templates';
import type { Lang } from '@/lib/server/naming/format';
import { NAMED_KINDS, type NamedKind } from '@/lib/server/naming/kinds';
import { nameRecord, type RecordFacts, type RecordName } from '@/lib/server/naming/name-record';
import { noticeIds, renderNotice } from '@/lib/server/notify/notices';
import { describeWorkflowEntry, workflowActions } from '@/lib/server/workflow/readable';

const LANGS: Lang[] = ['jp', 'en'];
// Thousands of renderings: room for a busy machine.
const SLOW = 30_000;
const KEY = /[A-Za-z0-9]{48}/;
const key = (seed: string) => seed.repeat(48).slice(0, 48);
const SUB = key('s1');
const OTHER_SUB = key('s2');
const ORG = key('o1');
const INVITATION = key('i1');
const SERVICE = key('a1');
const HOLDER = key('h1');
const RECORD = key('r1');

/** Facts of a record of each kind, with every name known. */
function factsOf(kind: NamedKind): RecordFacts {
  return {
    kind,
    reference: `REF-2026-0001`,
    name: 'ポテトヒーロー',
    sku: 'SKU-1',
    ip: 'ポテトヒーロー',
    licensee: 'カルビー商事',
    designer: { first_name: '花子', last_name: '山田' },
    periodStart: '2026-04-01T00:00:00.000Z',
    periodEnd: '2026-04-30T00:00:00.000Z',
    amount: 123456,
    currency: 'JPY',
    revision: 2,
    person: 'buyer@example.com',
    about: 'INV-2026-0003',
  };
}

/** Names of every kind, once with everything known and once with nothing but the kind. */
function namesFor(lang: Lang): RecordName[] {
  return NAMED_KINDS.flatMap((kind) => [nameRecord(factsOf(kind), lang), nameRecord({ kind }, lang)]);
}

function expectNoKey(text: string, where: string) {
  expect(text, where).not.toMatch(KEY);
  expect(text.trim(), where).not.toBe('');
}

describe('naming every kind of record', () => {
  it('names each kind by reference, what it is about and who is on the other side, never by key', () => {
    for (const lang of LANGS) {
      for (const name of namesFor(lang)) expectNoKey(name.label, `${name.kind} ${lang}`);
      const license = nameRecord(factsOf('license'), lang);
      expect(license.label).toBe('REF-2026-0001 ポテトヒーロー / カルビー商事');
    }
  });
});

describe('every notice', () => {
  it(
    'reads without a key for every kind of record in both languages',
    () => {
      expect(noticeIds().length).toBeGreaterThan(3);
      for (const id of noticeIds()) {
        for (const lang of LANGS) {
          for (const record of namesFor(lang)) {
            const notice = renderNotice(id, lang, {
              record,
              state: 'approved',
              groups: ['legal', 'cfl'],
              days: 4,
              comment: 'OK',
              periodStart: '2026-04-01T00:00:00.000Z',
              periodEnd: '2026-04-30T00:00:00.000Z',
              due: '2026-05-20T00:00:00.000Z',
            });
            expectNoKey(notice.subject, `${id} ${record.kind} ${lang} subject`);
            expectNoKey(notice.content, `${id} ${record.kind} ${lang} content`);
            if (record.reference) expect(`${notice.subject}\n${notice.content}`).toContain(record.reference);
          }
        }
      }
    },
    SLOW,
  );
});

describe('every mail template', () => {
  // One sample per template: a template added to the registry does not compile here without one.
  const samples: { [T in TemplateId]: (notice: { subject: string; content: string }) => TemplateVars<T> } = {
    notification: (notice) => ({ ...notice, site: 'IPL', url: 'https://ipl.example/jp' }),
    // The security mails name a person and an address, not a record: the notice's words stand in for the name.
    'contact-verify': (notice) => ({ name: notice.subject, url: 'https://ipl.example/verify-contact?token=t0ken', hours: 24 }),
    'login-failures': () => ({
      email: 'designer@example.com',
      failures: 6,
      last: '2026-11-25 10:00',
      sources: '203.0.113.66',
      url: 'https://ipl.example/jp/profile',
    }),
  };

  it(
    'carries the record names of the notice it mails, for every kind and both languages',
    () => {
      for (const id of templateIds()) {
        for (const lang of LANGS) {
          for (const record of namesFor(lang)) {
            const notice = renderNotice('flow.review', lang, { record, groups: ['brand'] });
            const mail = renderTemplate(id, lang, samples[id](notice));
            for (const part of [mail.subject, mail.text, mail.html]) expectNoKey(part, `${id} ${record.kind} ${lang}`);
          }
        }
      }
    },
    SLOW,
  );

  it('invitation mails name the organisation, the inviter and the invitation number', () => {
    for (const kind of INVITE_KINDS) {
      for (const lang of LANGS) {
        const mail = inviteMail({
          kind,
          lang,
          systemTitle: 'IPL',
          organisation: 'カルビー商事',
          reference: 'IVT-2026-0001',
          inviter: '山田 花子',
          link: `https://ipl.example/${lang}/invite/accept?token=abc`,
          expiresAt: new Date('2026-01-08T00:00:00Z'),
        });
        for (const part of [mail.subject, mail.text, mail.html]) expectNoKey(part, `invite ${kind} ${lang}`);
        expect(mail.text).toContain('IVT-2026-0001');
      }
    }
  });
});

const entry = (role: string) => `calbee:${role}:licensee:${ORG}`;

/** What each action writes, with keys where the services write keys. */
const ADMIN_SAMPLES: Record<AdminLogAction, { ref: string | null; data: Record<string, unknown> }> = {
  'acl.grant': {
    ref: SUB,
    data: { sub: SUB, entry: entry('staff'), before: ['calbee:user'], after: ['calbee:user', entry('staff')] },
  },
  'acl.revoke': { ref: SUB, data: { sub: SUB, entry: entry('staff'), before: [entry('staff')], after: [] } },
  'acl.set': { ref: SUB, data: { sub: SUB, before: ['calbee:user'], after: ['calbee:admin', 'woollet:admin', entry('owner')] } },
  'acl.request.approve': {
    ref: SUB,
    data: { sub: SUB, entry: 'calbee:designer', request: RECORD, before: [], after: ['calbee:designer'] },
  },
  'acl.request.deny': { ref: SUB, data: { sub: SUB, entry: 'calbee:designer', request: RECORD } },
  'user.set': { ref: SUB, data: { sub: SUB, before: { lang: 'jp', status: 0 }, after: { lang: 'en', status: 1 } } },
  'holder.approver.add': {
    ref: HOLDER,
    data: { type: 'approver_legal', sub: SUB, before: [OTHER_SUB], after: [OTHER_SUB, SUB] },
  },
  'holder.approver.remove': { ref: HOLDER, data: { type: 'approver_cfl', sub: SUB, before: [SUB], after: [] } },
  'holder.manager.add': { ref: HOLDER, data: { type: 'manager_brand', sub: SUB, before: [], after: [SUB] } },
  'holder.manager.remove': { ref: HOLDER, data: { type: 'manager_legal', sub: SUB, before: [SUB], after: [] } },
  'holder.boss.add': {
    ref: HOLDER,
    data: {
      sub: SUB,
      entry: 'calbee:boss',
      before: { approver_boss: [], access: ['calbee:user'] },
      after: { approver_boss: [SUB], access: ['calbee:user', 'calbee:boss'] },
    },
  },
  'holder.boss.remove': {
    ref: HOLDER,
    data: {
      sub: SUB,
      entry: 'calbee:boss',
      before: { approver_boss: [SUB], access: ['calbee:boss'] },
      after: { approver_boss: [], access: [] },
    },
  },
  'holder.contract.add': { ref: HOLDER, data: { sub: SUB, before: [], after: [SUB] } },
  'holder.contract.remove': { ref: HOLDER, data: { sub: SUB, before: [SUB, OTHER_SUB], after: [OTHER_SUB] } },
  'holder.settings': {
    ref: HOLDER,
    data: {
      holder: HOLDER,
      before: { 'config.reference.license': null, name: 'Calbee' },
      after: { 'config.reference.license': 'L{YY}-{seq:4}', name: 'カルビー' },
    },
  },
  'licensee.member.set': { ref: ORG, data: { licensee: ORG, sub: SUB, role: 'staff', before: [], after: [entry('staff')] } },
  'licensee.member.remove': { ref: ORG, data: { licensee: ORG, sub: SUB, before: [entry('admin')], after: [] } },
  'licensee.profile': { ref: ORG, data: { licensee: ORG, before: { tel: '03-0000-0000' }, after: { tel: '03-1111-1111' } } },
  'invite.send': {
    ref: ORG,
    data: {
      invitation: INVITATION,
      reference: 'IVT-2026-0001',
      email: 'new@example.com',
      kind: 'licensee-staff',
      licensee: ORG,
      organisation: 'カルビー商事',
    },
  },
  'invite.resend': {
    ref: null,
    data: {
      invitation: INVITATION,
      reference: 'IVT-2026-0002',
      email: 'new@example.com',
      kind: 'licensee-owner',
      licensee: null,
      organisation: 'New Foods',
    },
  },
  'invite.revoke': {
    ref: ORG,
    data: {
      invitation: INVITATION,
      reference: 'IVT-2026-0003',
      email: 'x@example.com',
      kind: 'licensee-designer',
      licensee: ORG,
      organisation: 'カルビー商事',
    },
  },
  // An entry written before invitations had references: the number is read from the invitation.
  'invite.accept': {
    ref: ORG,
    data: {
      invitation: INVITATION,
      kind: 'licensee-staff',
      licensee: ORG,
      sub: SUB,
      invitedBy: OTHER_SUB,
      before: [],
      after: [entry('staff')],
    },
  },
  'terms.publish': { ref: HOLDER, data: { type: 'terms-licensee', version: '3', document: null } },
  'terms.delete': { ref: HOLDER, data: { type: 'terms-common', version: '2' } },
  'terms.withdraw': { ref: HOLDER, data: { type: 'terms-designer-personal', version: '1' } },
  // The record confirmed is a Designer or Licensee, by key: the entry names the address instead.
  'contact.verified': { ref: ORG, data: { entity: 'Licensee', record: ORG, field: 'email', after: 'new@example.com' } },
  'throttle.clear': {
    ref: 'guess@example.com',
    data: { kind: 'pair', account: 'guess@example.com', source: '203.0.113.66', before: { failures: 6 }, after: null },
  },
  'service.create': {
    ref: SERVICE,
    data: { account: SERVICE, name: 'ERP', clientId: 'svc-abc', before: [], after: ['calbee:licensee', entry('staff')] },
  },
  'service.rotate': { ref: SERVICE, data: { account: SERVICE, name: 'ERP', clientId: 'svc-abc' } },
  'service.revoke': {
    ref: SERVICE,
    data: { account: SERVICE, name: 'ERP', clientId: 'svc-abc', before: ['calbee:licensee'], after: [] },
  },
  'service.call': {
    ref: SERVICE,
    data: { account: SERVICE, name: 'ERP', method: 'GET', path: '/api/v1/Usage', status: 200 },
  },
  'credential.schema.enable': { ref: RECORD, data: { schema: RECORD, name: 'License credential' } },
  'credential.schema.disable': { ref: RECORD, data: { schema: RECORD, name: 'License credential' } },
  'credential.schema.publish': { ref: RECORD, data: { schema: RECORD, name: 'License credential' } },
  'credential.schema.withdraw': { ref: RECORD, data: { schema: RECORD, name: 'License credential' } },
  'webhook.create': {
    ref: RECORD,
    data: { endpoint: RECORD, url: 'https://erp.example.com/hooks', before: [], after: ['license.active', 'invoice.paid'] },
  },
  'webhook.update': {
    ref: RECORD,
    data: { endpoint: RECORD, url: 'https://erp.example.com/hooks', enabled: false, before: [], after: ['license.active'] },
  },
  'webhook.rotate': { ref: RECORD, data: { endpoint: RECORD, url: 'https://erp.example.com/hooks' } },
  'webhook.delete': {
    ref: RECORD,
    data: { endpoint: RECORD, url: 'https://erp.example.com/hooks', before: ['license.active'], after: [] },
  },
  'job.retry': {
    ref: RECORD,
    data: { job: RECORD, kind: 'contract.render', subject: RECORD, label: 'LIC-2026-0001 ポテトヒーロー' },
  },
  'mail.retry': { ref: RECORD, data: { mail: RECORD, to: 'licensee@example.com', subject: '審査依頼: LIC-2026-0001' } },
};

/** Names as lib/server/audit/readable.ts reads them; `known` false: every account and organisation gone. */
function logNames(lang: Lang, known: boolean): LogNames {
  const people: Record<string, string> = known
    ? { [SUB]: lang === 'jp' ? '山田 花子' : 'Hanako Yamada', [OTHER_SUB]: 'Taro' }
    : {};
  const gone = lang === 'jp' ? '（削除されたアカウント）' : '(deleted account)';
  const orgGone = lang === 'jp' ? '（削除された組織）' : '(deleted organisation)';
  return {
    person: (sub) => (sub && people[sub]) || gone,
    organisation: (k) => (known && k === ORG ? 'カルビー商事' : orgGone),
    holder: () => 'Calbee',
    invitation: (k) =>
      known && k === INVITATION
        ? { reference: 'IVT-2026-0009', email: 'new@example.com', kind: 'licensee-staff', organisation: 'カルビー商事' }
        : null,
    serviceAccount: (k) =>
      known && k === SERVICE
        ? lang === 'jp'
          ? 'サービスアカウント「ERP」'
          : 'service account “ERP”'
        : lang === 'jp'
          ? '（不明なサービスアカウント）'
          : '(unknown service account)',
    access: { client: 'calbee', product: 'ipl' },
  };
}

describe('every admin-log action', () => {
  it(
    'reads as a sentence with names, and changes from what to what, without a key',
    () => {
      for (const action of ADMIN_LOG_ACTIONS) {
        for (const lang of LANGS) {
          for (const known of [true, false]) {
            const { ref, data } = ADMIN_SAMPLES[action];
            const readable = describeAdminEntry({ action, sub: OTHER_SUB, ref, data }, logNames(lang, known), lang);
            const where = `${action} ${lang} ${known ? 'named' : 'gone'}`;
            expectNoKey(readable.action, where);
            expectNoKey(readable.summary, where);
            for (const change of readable.changes) {
              for (const part of [change.field, change.before, change.after]) expectNoKey(part, `${where} change`);
            }
          }
        }
      }
    },
    SLOW,
  );

  it('renders an access entry as the role within the organisation', () => {
    const jp = describeAdminEntry(
      { action: 'acl.grant', sub: OTHER_SUB, ...ADMIN_SAMPLES['acl.grant'] },
      logNames('jp', true),
      'jp',
    );
    expect(jp.summary).toBe('山田 花子 に「カルビー商事 のスタッフ」を付与しました。');
    const en = describeAdminEntry(
      { action: 'acl.grant', sub: OTHER_SUB, ...ADMIN_SAMPLES['acl.grant'] },
      logNames('en', true),
      'en',
    );
    expect(en.summary).toBe('Granted "staff of カルビー商事" to Hanako Yamada.');
    expect(en.changes).toEqual([{ field: 'Access', before: 'user', after: 'user, staff of カルビー商事' }]);
  });

  it('says which terms version was published or withdrawn, and which invitation was sent', () => {
    const publish = describeAdminEntry(
      { action: 'terms.publish', sub: OTHER_SUB, ...ADMIN_SAMPLES['terms.publish'] },
      logNames('jp', true),
      'jp',
    );
    expect(publish.summary).toBe('ライセンシー利用規約 の第3版を公開しました。');
    const sent = describeAdminEntry(
      { action: 'invite.send', sub: OTHER_SUB, ...ADMIN_SAMPLES['invite.send'] },
      logNames('en', true),
      'en',
    );
    expect(sent.summary).toBe('Sent invitation IVT-2026-0001 (カルビー商事, staff) to new@example.com.');
    const accepted = describeAdminEntry(
      { action: 'invite.accept', sub: SUB, ...ADMIN_SAMPLES['invite.accept'] },
      logNames('en', true),
      'en',
    );
    expect(accepted.summary).toContain('IVT-2026-0009');
  });
});

describe('every workflow-log action', () => {
  it(
    'names who acted, what they did and the record, for every kind in both languages',
    () => {
      const actions = workflowActions();
      expect(actions).toEqual(expect.arrayContaining(['create', 'submit', 'send_contract', 'approved', 'skip_review']));
      for (const action of actions) {
        for (const lang of LANGS) {
          for (const record of namesFor(lang)) {
            for (const actor of ['山田 花子', null]) {
              const readable = describeWorkflowEntry(
                { action, path: 'in_review>approved', remarks: null, data: { group: 'legal', round: 2, review: RECORD } },
                actor,
                record,
                lang,
              );
              for (const part of Object.values(readable)) expect(part, `${action} ${record.kind} ${lang}`).not.toMatch(KEY);
              expect(readable.summary).toContain(record.label);
            }
          }
        }
      }
    },
    SLOW,
  );
});
