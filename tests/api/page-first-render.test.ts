import type { GetServerSidePropsContext } from 'next';
import { encode } from 'next-auth/jwt';
import { unstable_serialize } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { firstQuery } from '@/lib/page/first-reads';
import { pageProps } from '@/lib/page/server-props';
import { ensureReady } from '@/lib/server/boot';
import { getSecrets } from '@/lib/server/secrets';
import { subOf } from './tokens';

let designerSub = '';

async function sessionCookie(sub: string): Promise<string> {
  const config = getConfig();
  const token = await encode({
    token: { sub, accessToken: 'page-token', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    secret: config.nextAuthSecret ?? getSecrets().nextAuthSecret,
  });
  return `next-auth.session-token=${token}`;
}

/** getServerSideProps of a /[lang] page as Next would call it. */
async function propsOf(path: string, cookie: string, options?: Parameters<typeof pageProps>[1]) {
  const [, lang] = path.split('/');
  const cookies = Object.fromEntries(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
  const headers: Record<string, unknown> = {};
  const ctx = {
    params: { lang },
    resolvedUrl: path,
    req: { headers: { cookie }, cookies, method: 'GET', url: path },
    res: { getHeader: (name: string) => headers[name], setHeader: (name: string, value: unknown) => (headers[name] = value) },
    query: {},
  } as unknown as GetServerSidePropsContext;
  // pageProps always answers props (never a redirect or notFound) for a page with a language.
  const result = (await pageProps(['designer'], options)(ctx)) as unknown as { props: Record<string, unknown> };
  return result.props;
}

beforeAll(async () => {
  await ensureReady();
  designerSub = await subOf('designer@example.com');
});

describe('#24 first screen from the server: the page brings its session and its first records', () => {
  it('signed out: the session is null, so nothing waits for /api/auth/session and no records are read', async () => {
    const props = await propsOf('/jp/help', '');
    expect(props.session).toBeNull();
    expect(props.fallback).toBeUndefined();
  });

  it('signed in: the session /api/auth/session would answer, and the reads under the hooks’ own SWR keys', async () => {
    const body = { sort: { dateCreated: 1 as const }, limit: 500 };
    const props = await propsOf('/jp/designer/gallery', await sessionCookie(designerSub), {
      reads: () => [firstQuery('Tag', body), firstQuery('Nope', { limit: 1 })],
    });
    const session = props.session as {
      user: { sub: string; access: string[] };
      ready: boolean;
      valid: boolean;
      accessToken: string;
    };
    expect(session.user.sub).toBe(designerSub);
    expect(session.user.access.length).toBeGreaterThan(0);
    expect(session).toMatchObject({ ready: true, valid: true, accessToken: 'page-token' });
    const fallback = props.fallback as Record<string, { items: unknown[]; nextCursor: string | null }>;
    // The key useEntityQuery builds for the same body; a read that fails (an unknown entity) is left out.
    expect(Object.keys(fallback)).toEqual([unstable_serialize(['query', 'Tag', JSON.stringify(body), 'page-token'])]);
    expect(Array.isArray(Object.values(fallback)[0]!.items)).toBe(true);
    // Props are plain JSON, as Next requires.
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
  });
});
