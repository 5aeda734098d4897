import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { getConfig } from '../../config';
import { getDb } from '../db/client';
import { getSecrets } from '../secrets';
import { findUserBySub } from '../users/accounts';
import { DbAdapter } from './adapter';
import { findConsent } from './consent-store';
import { errorPage, logoutPage, postLogoutPage } from './html';
import { loadOrCreateSigningKeys } from './keys';
import { fullName } from '../../format/person-name';

export const SCOPES = 'openid profile email';

export function embeddedClient(): ClientMetadata {
  const config = getConfig();
  return {
    client_id: config.oidc.clientId,
    client_secret: config.oidc.clientSecret ?? getSecrets().oidcClientSecret,
    redirect_uris: [`${config.appUrl}/api/auth/callback/oidc`],
    post_logout_redirect_uris: [config.appUrl, `${config.appUrl}/`],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

/** Whether a client is the platform's own web client (consent is implied by signing in to it). */
export function isFirstParty(clientId: string): boolean {
  return clientId === getConfig().oidc.clientId;
}

/** The grant of the platform's own client: the scopes it asks for, within the ones the provider offers. */
async function firstPartyGrant(ctx: KoaContextWithOIDC) {
  const accountId = ctx.oidc.session!.accountId!;
  const clientId = ctx.oidc.client!.clientId;
  const existing = ctx.oidc.session!.grantIdFor(clientId);
  const grant =
    (existing && (await ctx.oidc.provider.Grant.find(existing))) || new ctx.oidc.provider.Grant({ accountId, clientId });
  const offered = SCOPES.split(' ');
  const asked = String(ctx.oidc.params?.scope ?? SCOPES)
    .split(' ')
    .filter((s) => offered.includes(s));
  grant.addOIDCScope(asked.join(' '));
  await grant.save();
  return grant;
}

/** The account behind a sub and its claims (exported for the claim tests). */
export async function findAccount(_ctx: KoaContextWithOIDC | undefined, sub: string) {
  const user = await findUserBySub(await getDb(), sub);
  // A removed or suspended account ends the provider session instead of a bare server_error.
  if (!user || user.status !== 0) return undefined;
  return {
    accountId: sub,
    claims: async () => ({
      sub,
      email: user.email,
      email_verified: true,
      nickname: user.nickname,
      given_name: user.firstName,
      family_name: user.lastName,
      // OIDC Core: `name` is ordered by the person's locale, so family name first for jp (their
      // stored language); pages format given_name/family_name again for the page's language.
      name: fullName({ first: user.firstName, last: user.lastName }, user.lang === 'en' ? 'en' : 'jp') || undefined,
      picture: user.picture ?? undefined,
      locale: user.lang === 'en' ? 'en' : 'ja',
    }),
  };
}

async function buildProvider(): Promise<Provider> {
  const config = getConfig();
  const { default: ProviderClass } = await import('oidc-provider');
  const home = config.appUrl;
  const configuration: Configuration = {
    adapter: DbAdapter,
    clients: [embeddedClient(), ...config.oidc.otherClients],
    jwks: await loadOrCreateSigningKeys(),
    cookies: {
      keys: getSecrets().cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    findAccount,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['nickname', 'given_name', 'family_name', 'name', 'picture', 'locale'],
    },
    // Profile claims go into the ID token too, so the platform needs no extra userinfo round trip.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // Service accounts (lib/server/service-accounts) get their tokens this way.
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(ctx, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = postLogoutPage(ctx, home);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      ClientCredentials: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client!.clientId;
      // The platform's own web client is first-party: signing in to it never asks for consent.
      // Any other client (OIDC_OTHER_CLIENTS) still gets the consent page.
      if (isFirstParty(clientId)) return firstPartyGrant(ctx);
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      // Consent is remembered per account and client beyond one provider session.
      const accountId = ctx.oidc.session!.accountId!;
      const scope = await findConsent(accountId, clientId);
      if (!scope) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope(scope);
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(ctx, home, String(out.error ?? 'error'));
    },
  };
  const provider = new ProviderClass(config.oidc.issuer, configuration);
  // Forwarded headers are believed only behind a proxy that sets them.
  provider.proxy = config.trustProxy.kind !== 'none';
  provider.on('server_error', (_ctx, err) => console.error('[idp] server_error', err));
  return provider;
}

const providerKey = Symbol.for('ipl.oidc-provider');
type GlobalWithProvider = typeof globalThis & { [providerKey]?: Promise<Provider> };

/** One provider per process (a `globalThis` singleton survives dev reloads). */
export function getProvider(): Promise<Provider> {
  const g = globalThis as GlobalWithProvider;
  g[providerKey] ??= buildProvider().catch((err: unknown) => {
    delete g[providerKey];
    throw err;
  });
  return g[providerKey];
}
