import type { NextAuthOptions, Session } from 'next-auth';
import { getConfig } from '../../config';
import { getDb } from '../db/client';
import { getSecrets } from '../secrets';
import { accessOf, findUserBySub, upsertUserFromClaims } from '../users/accounts';

interface OidcProfile {
  sub: string;
  email?: string;
  nickname?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export function authOptions(): NextAuthOptions {
  const config = getConfig();
  // next-auth reads its own URL from the environment; the parsed setting is the one truth.
  process.env.NEXTAUTH_URL ??= config.appUrl;
  return {
    secret: config.nextAuthSecret ?? getSecrets().nextAuthSecret,
    session: { strategy: 'jwt', maxAge: config.session.ttlSeconds },
    pages: { signIn: '/signin', error: '/error' },
    providers: [
      {
        id: 'oidc',
        name: config.systemTitle,
        type: 'oauth',
        wellKnown: `${config.oidc.issuer}/.well-known/openid-configuration`,
        clientId: config.oidc.clientId,
        clientSecret: config.oidc.clientSecret ?? getSecrets().oidcClientSecret,
        authorization: { params: { scope: 'openid profile email' } },
        checks: ['pkce', 'state'],
        idToken: true,
        profile(profile: OidcProfile) {
          return {
            id: profile.sub,
            name: profile.name ?? profile.nickname ?? null,
            email: profile.email ?? null,
            image: profile.picture ?? null,
          };
        },
      },
    ],
    callbacks: {
      async jwt({ token, account, profile }) {
        if (account) {
          const claims = profile as OidcProfile | undefined;
          token.sub = claims?.sub ?? account.providerAccountId;
          token.accessToken = account.access_token;
          token.idToken = account.id_token;
          token.expiresAt = account.expires_at;
          if (!config.oidc.embedded && claims) {
            await upsertUserFromClaims(await getDb(), { ...claims, sub: token.sub }, [`${config.aclClient}:user`]);
          }
        }
        return token;
      },
      async session({ session, token }): Promise<Session> {
        const sub = token.sub ?? '';
        const db = await getDb();
        const user = sub ? await findUserBySub(db, sub) : undefined;
        // Access entries are read fresh on every session fetch, so a grant shows at the next refresh.
        const access = user ? await accessOf(db, sub) : [];
        const notExpired = typeof token.expiresAt === 'number' && token.expiresAt * 1000 > Date.now();
        return {
          expires: session.expires,
          user: {
            sub,
            nickname: user?.nickname ?? '',
            picture: user?.picture ?? null,
            first_name: user?.firstName ?? '',
            last_name: user?.lastName ?? '',
            email: user?.email ?? '',
            lang: user?.lang === 'en' ? 'en' : 'jp',
            access,
          },
          accessToken: token.accessToken ?? '',
          id_token_hint: token.idToken ?? '',
          ready: Boolean(user),
          valid: notExpired && user?.status === 0,
        };
      },
    },
  };
}
