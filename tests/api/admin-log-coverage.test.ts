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
import type { AuditLogPage } from '@/lib/server/audit/list-admin-log';
import * as auditLogRoute from '@/pages/api/core/audit/log';
import * as inviteOne from '@/pages/api/invite/[x]';
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
  await Promise.all([api.close(), invites.close(), auditLog.close()]);
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
});
