/**
 * Issue #17, logs an auditor can read: the administrative changes made through their routes (an
 * organisation's profile, the holder's settings, an invitation sent and withdrawn) each leave an
 * admin-log row, and the log read back through GET /api/core/audit/log says in words, in jp and en,
 * who changed what from what to what, naming the organisation, never by a key.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { holders, licensees } from '@/lib/server/db/entities-schema';
import { ensureLicenseSchema } from '@/lib/server/credentials/license-schema';
import { emailOutbox, jobs } from '@/lib/server/db/platform-schema';
import { newKey } from '@/lib/server/keys';
import type { AuditLogPage } from '@/lib/server/audit/list-admin-log';
import * as auditLogRoute from '@/pages/api/core/audit/log';
import * as inviteOne from '@/pages/api/invite/[x]';
import * as jobRetryRoute from '@/pages/api/core/jobs/[key]/retry';
import * as mailRetryRoute from '@/pages/api/core/mail/[key]/retry';
import * as schemaDisableRoute from '@/pages/api/core/schema/disable/[id]';
import * as schemaEnableRoute from '@/pages/api/core/schema/enable/[id]';
import { serveEntityApi, type EntityApi } from './entity-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = Record<string, unknown>> {
  status: number;
  data: T;
}

// A record key as the platform makes them: 48 characters of the key alphabet.
const KEY = /[A-Za-z0-9]{48}/;

let api: EntityApi;
let invites: RouteServer;
let auditLog: RouteServer;
const system = {} as Record<'jobRetry' | 'mailRetry' | 'schemaDisable' | 'schemaEnable', RouteServer>;
const token = { admin: '', holder: '', owner: '' };
let org = { key: '', name: '' };

async function entries(action: string, lang: 'jp' | 'en'): Promise<AuditLogPage['items']> {
  const res = await auditLog.request<Envelope<AuditLogPage>>('GET', `/api/core/audit/log?action=${action}&limit=20`, {
    headers: { authorization: `Bearer ${token.admin}`, 'x-lang': lang },
  });
  expect(res.json.status, res.text).toBe(0);
  return res.json.data.items;
}

/** Everything a reader sees of an entry, as one text. */
const shown = (item: AuditLogPage['items'][number]) =>
  [item.readable.action, item.readable.summary, ...item.readable.changes.flatMap((c) => [c.field, c.before, c.after])].join(
    ' | ',
  );

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  invites = await serveRoute(inviteOne, '/api/invite/[x]');
  auditLog = await serveRoute(auditLogRoute, '/api/core/audit/log');
  system.jobRetry = await serveRoute(jobRetryRoute, '/api/core/jobs/[key]/retry');
  system.mailRetry = await serveRoute(mailRetryRoute, '/api/core/mail/[key]/retry');
  system.schemaDisable = await serveRoute(schemaDisableRoute, '/api/core/schema/disable/[id]');
  system.schemaEnable = await serveRoute(schemaEnableRoute, '/api/core/schema/enable/[id]');
  token.admin = await issueAccessToken(await subOf('admin@example.com'));
  token.holder = await issueAccessToken(await subOf('holder@example.com'));
  const owner = await subOf('licensee@example.com');
  token.owner = await issueAccessToken(owner);
  const [row] = await (
    await getDb()
  )
    .select({ key: licensees.key, name: licensees.name })
    .from(licensees)
    .where(eq(licensees.owner, owner));
  org = { key: row!.key, name: String(row!.name) };
});

afterAll(async () => {
  await Promise.all([api.close(), invites.close(), auditLog.close(), ...Object.values(system).map((one) => one.close())]);
});

describe('administrative changes made through their routes are in the admin log, in words', () => {
  it("an organisation's profile edited by its owner: the organisation by name, the field from before to after", async () => {
    const res = await api.call<Envelope>('PATCH', `/api/v1/Licensee/${org.key}`, token.owner, { tel: '03-1234-5678' });
    expect(res.json.status, res.text).toBe(0);
    for (const lang of ['jp', 'en'] as const) {
      const [entry] = await entries('licensee.profile', lang);
      expect(entry, 'a licensee.profile row').toBeDefined();
      expect(entry!.readable.summary).toContain(org.name);
      expect(entry!.readable.changes.find((c) => c.after === '03-1234-5678')).toBeDefined();
      expect(shown(entry!)).not.toMatch(KEY);
    }
  });

  it("the holder's settings changed by an administrator: one line per settings key, from what to what", async () => {
    const db = await getDb();
    const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
    const config = holder!.config as Record<string, unknown>;
    const res = await api.call<Envelope>('PATCH', `/api/v1/Holder/${holder!.key}`, token.admin, {
      config: { ...config, 'reference.usage': 'U{YY}-{seq:4}' },
    });
    expect(res.json.status, res.text).toBe(0);
    for (const lang of ['jp', 'en'] as const) {
      const [entry] = await entries('holder.settings', lang);
      expect(entry, 'a holder.settings row').toBeDefined();
      expect(entry!.readable.changes.find((c) => c.after.includes('U{YY}-{seq:4}'))).toBeDefined();
      expect(shown(entry!)).not.toMatch(KEY);
    }
    await api.call('PATCH', `/api/v1/Holder/${holder!.key}`, token.admin, { config });
  });

  it('an invitation sent, then withdrawn: both rows name the invitation by its reference and whom it was for', async () => {
    const sent = await invites.request<Envelope<{ key: string; reference: string }>>('POST', '/api/invite/licensee-owner', {
      headers: { authorization: `Bearer ${token.holder}` },
      body: { email: 'audited-invitee@example.com', name: 'Audited Crisps Ltd.' },
    });
    expect(sent.json.status, sent.text).toBe(0);
    const revoked = await invites.request<Envelope>('DELETE', `/api/invite/${sent.json.data.key}`, {
      headers: { authorization: `Bearer ${token.holder}` },
    });
    expect(revoked.json.status, revoked.text).toBe(0);
    for (const action of ['invite.send', 'invite.revoke']) {
      for (const lang of ['jp', 'en'] as const) {
        const entry = (await entries(action, lang)).find((e) => e.data.invitation === sent.json.data.key);
        expect(entry, `an ${action} row for the invitation`).toBeDefined();
        expect(shown(entry!)).toContain(sent.json.data.reference);
        expect(shown(entry!)).toContain('audited-invitee@example.com');
        expect(shown(entry!)).not.toMatch(KEY);
      }
    }
  });

  it('service work done by hand: a credential schema switched off and on, a stopped job and a failed mail run again', async () => {
    const db = await getDb();
    // The license credential's schema, as the first credential issued writes it.
    const schema = await ensureLicenseSchema(db);
    const as = { headers: { authorization: `Bearer ${token.admin}` }, body: {} };
    for (const server of [system.schemaDisable, system.schemaEnable]) {
      const res = await server.request<Envelope>(
        'POST',
        `${server === system.schemaDisable ? '/api/core/schema/disable' : '/api/core/schema/enable'}/${schema.key}`,
        as,
      );
      expect(res.json.status, res.text).toBe(0);
    }
    const job = newKey();
    await db.insert(jobs).values({ key: job, kind: 'mail', state: 'dead', attempts: 5, lastError: 'SMTP refused' });
    expect((await system.jobRetry.request<Envelope>('POST', `/api/core/jobs/${job}/retry`, as)).json.status).toBe(0);
    const mail = newKey();
    await db
      .insert(emailOutbox)
      .values({ key: mail, to: 'finance@example.com', subject: 'Invoice INV-2026-0007', text: 'x', state: 'failed' });
    expect((await system.mailRetry.request<Envelope>('POST', `/api/core/mail/${mail}/retry`, as)).json.status).toBe(0);

    for (const lang of ['jp', 'en'] as const) {
      const disabled = (await entries('credential.schema.disable', lang)).find((e) => e.ref === schema.key);
      const enabled = (await entries('credential.schema.enable', lang)).find((e) => e.ref === schema.key);
      for (const entry of [disabled, enabled]) {
        expect(entry, 'a credential schema row').toBeDefined();
        expect(entry!.readable.summary).toContain(schema.name);
        expect(shown(entry!)).not.toMatch(KEY);
      }
      const retried = (await entries('job.retry', lang)).find((e) => e.ref === job);
      expect(retried!.readable.summary).toContain(lang === 'jp' ? 'メール送信' : 'E-mail delivery');
      expect(shown(retried!)).not.toMatch(KEY);
      const resent = (await entries('mail.retry', lang)).find((e) => e.ref === mail);
      expect(resent!.readable.summary).toContain('finance@example.com');
      expect(resent!.readable.summary).toContain('Invoice INV-2026-0007');
      expect(shown(resent!)).not.toMatch(KEY);
    }
  });
});
