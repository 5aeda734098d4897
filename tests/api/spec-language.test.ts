import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { pageProps } from '@/lib/page/server-props';
import { storedLang } from '@/lib/page/bare-props';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { languagesOf } from '@/lib/server/flow/audience';
import { forgetCallers } from '@/lib/server/api/authenticate';
import { newKey } from '@/lib/server/keys';
import { getSecrets } from '@/lib/server/secrets';
import * as profileUpdate from '@/pages/api/core/users/profile/update';
import { serveEntityApi, type EntityApi } from './entity-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}

let entityApi: EntityApi;
let profile: RouteServer;
let designerSub = '';
let designerToken = '';

async function sessionCookie(sub: string): Promise<string> {
  const config = getConfig();
  const token = await encode({
    token: { sub, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    secret: config.nextAuthSecret ?? getSecrets().nextAuthSecret,
  });
  return `next-auth.session-token=${token}`;
}

/** getServerSideProps of a /[lang] page as Next would call it. */
async function renderPage(path: string, cookie = '') {
  const [, lang] = path.split('/');
  const cookies = Object.fromEntries(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
  const ctx = {
    params: { lang },
    resolvedUrl: path,
    req: { headers: { cookie }, cookies },
    res: {},
    query: {},
  } as unknown as GetServerSidePropsContext;
  return { result: (await pageProps()(ctx)) as Record<string, unknown>, ctx };
}

async function setLang(sub: string, lang: 'jp' | 'en') {
  await (await getDb()).update(users).set({ lang }).where(eq(users.sub, sub));
}

beforeAll(async () => {
  await ensureReady();
  entityApi = await serveEntityApi();
  profile = await serveRoute(profileUpdate, '/api/core/users/profile/update');
  designerSub = await subOf('designer@example.com');
  designerToken = await issueAccessToken(designerSub);
});
afterAll(async () => {
  await entityApi.close();
  await profile.close();
});

describe('SPEC §4 Language switch: a user whose stored language is en is redirected to /en', () => {
  it('signed in: the stored language is the profile setting (users.lang), whatever the browser cookie says', async () => {
    await setLang(designerSub, 'en');
    const cookie = await sessionCookie(designerSub);
    const jp = await renderPage('/jp/designer/iplist?tab=2', `${cookie}; lang=jp`);
    expect(jp.result).toEqual({ redirect: { destination: '/en/designer/iplist?tab=2', permanent: false } });
    const en = await renderPage('/en/designer/iplist', `${cookie}; lang=jp`);
    expect(en.result.props).toMatchObject({ lang: 'en' });
    expect(await storedLang(jp.ctx)).toBe('en');

    await setLang(designerSub, 'jp');
    const stays = await renderPage('/jp/designer/iplist', `${cookie}; lang=en`);
    expect(stays.result.props).toMatchObject({ lang: 'jp' });
  });

  it('signed out: the browser cookie stands in; jp is the default and never redirects', async () => {
    expect((await renderPage('/jp/help', 'lang=en')).result).toEqual({ redirect: { destination: '/en/help', permanent: false } });
    expect((await renderPage('/jp/help')).result.props).toMatchObject({ lang: 'jp' });
    expect((await renderPage('/en/help', 'lang=jp')).result.props).toMatchObject({ lang: 'en' });
  });

  it('a session that cannot be read falls back to the cookie instead of failing the page', async () => {
    const broken = await renderPage('/jp/help', 'next-auth.session-token=garbage; lang=en');
    expect(broken.result).toEqual({ redirect: { destination: '/en/help', permanent: false } });
  });

  it('an unknown language prefix is not found', async () => {
    expect((await renderPage('/fr/help')).result).toEqual({ notFound: true });
  });
});

describe('SPEC §4 one language setting per person: the switch, the profile, notifications and messages', () => {
  it('the switch and the profile write the same setting, which notifications are written in', async () => {
    const answer = await profile.request<Envelope<{ lang: string }>>('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${designerToken}` },
      body: { lang: 'en' },
    });
    expect(answer.json.status).toBe(0);
    expect(answer.json.data.lang).toBe('en');
    expect((await languagesOf(await getDb(), [designerSub])).get(designerSub)).toBe('en');
    const cookie = await sessionCookie(designerSub);
    expect((await renderPage('/jp/designer/usage', cookie)).result).toMatchObject({
      redirect: { destination: '/en/designer/usage' },
    });

    await profile.request('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${designerToken}` },
      body: { lang: 'jp' },
    });
    expect((await languagesOf(await getDb(), [designerSub])).get(designerSub)).toBe('jp');
    const bad = await profile.request<Envelope>('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${designerToken}` },
      body: { lang: 'fr' },
    });
    expect(bad.json.status).toBe(5);
  });

  it('messages in answers follow the page (X-Lang), else the stored language: no English on /jp', async () => {
    const create = () => {
      // The stored language is read with the caller, which is remembered for a moment.
      forgetCallers();
      return entityApi.call<Envelope<{ errors: Record<string, string> }>>('POST', '/api/v1/IP', designerToken, {
        kind: 'secondary',
        name: 'No permit',
        parent: newKey(),
      });
    };
    await setLang(designerSub, 'jp');
    const jp = await create();
    expect(jp.json.status).toBe(5);
    expect(jp.json.data.errors.parent).toBe('承認済みの利用許諾がある一次IPを選んでください。');
    await setLang(designerSub, 'en');
    const en = await create();
    expect(en.json.data.errors.parent).toBe('Choose a primary IP you hold an approved usage permit for.');
    await setLang(designerSub, 'jp');
  });

  it("another request's X-Lang does not stick to the person: without one, the stored language answers", async () => {
    await setLang(designerSub, 'jp');
    forgetCallers();
    const bad = (headers: Record<string, string>) =>
      profile.request<Envelope<{ errors: Record<string, string> }>>('POST', '/api/core/users/profile/update', {
        headers: { authorization: `Bearer ${designerToken}`, ...headers },
        body: { lang: 'fr' },
      });
    const english = await bad({ 'x-lang': 'en' });
    const stored = await bad({});
    expect(english.json.data.errors.lang).not.toBe(stored.json.data.errors.lang);
    expect(stored.json.data.errors.lang).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});
