import type { AppConfig } from './config';

/** The environment settings the shell hands to every page (SPEC §2 "Layout", last item). */
export interface PublicSettings {
  logo: { url: string; width: number; height: number };
  basePath: string;
  systemTitle: string;
  idpUrl: string;
  /** Sign-in by OIDC_ISSUER's provider: machine clients are registered there, not here. */
  externalIdentityProvider: boolean;
  endSessionUrl: string;
  coreApiUrl: string;
  socketUrl: string;
  hubUrl: string;
  domain: string;
  privacyUrl: string;
  aclClient: string;
  productKey: string;
  productName: string;
  session: { pollSeconds: number; pollWhenOffline: boolean };
  gateEnabled: boolean;
  analyticsId: string | null;
  analyticsSrc: string;
  /** Count page views on the platform itself (lib/server/analytics). */
  analyticsFirstParty: boolean;
}

export function publicSettings(config: AppConfig): PublicSettings {
  return {
    logo: config.logo,
    basePath: config.basePath,
    systemTitle: config.systemTitle,
    idpUrl: config.oidc.issuer,
    externalIdentityProvider: !config.oidc.embedded,
    endSessionUrl: config.oidc.endSessionUrl,
    coreApiUrl: config.coreApiUrl,
    socketUrl: config.socketUrl,
    hubUrl: config.hubUrl,
    domain: config.domain,
    privacyUrl: config.privacyUrl,
    aclClient: config.aclClient,
    productKey: config.productKey,
    productName: config.productName,
    session: { pollSeconds: config.session.pollSeconds, pollWhenOffline: config.session.pollWhenOffline },
    gateEnabled: Boolean(config.gate),
    analyticsId: config.analyticsId ?? null,
    analyticsSrc: config.analyticsSrc,
    analyticsFirstParty: config.analyticsFirstParty,
  };
}
