import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './server/api/trust-proxy';

/** Every environment setting of the platform, parsed once, each with a working default. */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optionalText,
  NEXTAUTH_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  // Connections this process keeps to PostgreSQL (DATABASE_URL); PGlite has one.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  OIDC_ISSUER: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_END_SESSION_URL: optionalText,
  OIDC_AUDIENCE: optionalText,
  NEXTAUTH_SECRET: optionalText,
  ACL_CLIENT: z.string().default('calbee'),
  PRODUCT_KEY: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default('ipl'),
  PRODUCT_NAME: z.string().default('IPL'),
  SYSTEM_TITLE: z.string().default('IP Licensing Platform'),
  LOGO_URL: z.string().default('/logo.svg'),
  LOGO_WIDTH: z.coerce.number().int().positive().default(32),
  LOGO_HEIGHT: z.coerce.number().int().positive().default(32),
  BASE_PATH: z.string().default(''),
  CORE_API_URL: optionalText,
  SOCKET_URL: optionalText,
  HUB_URL: optionalText,
  DOMAIN: optionalText,
  PRIVACY_URL: z.string().default('https://www.calbee.co.jp/privacy/'),
  SESSION_POLL_SECONDS: z.coerce.number().int().min(0).default(0),
  SESSION_POLL_WHEN_OFFLINE: flag,
  // Webhooks may go to loopback and private addresses (a receiver on the same host or network).
  WEBHOOK_ALLOW_PRIVATE: flag,
  GATE_ID: optionalText,
  GATE_PASSWORD: optionalText,
  ANALYTICS_ID: optionalText,
  // Plausible's script by default (privacy-friendly, no cookies); point it at a self-hosted copy if preferred.
  ANALYTICS_SRC: z.string().trim().url().default('https://plausible.io/js/script.js'),
  // The platform's own page-view counts (no cookies, no third party, no personal data): on unless set to false.
  ANALYTICS_FIRST_PARTY: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  // Other relying parties of the embedded provider (a partner portal, say), as a JSON array of
  // {client_id, client_secret, redirect_uris}: unlike the platform's own client they ask for consent.
  OIDC_OTHER_CLIENTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return [];
      try {
        return z
          .array(
            z.object({
              client_id: z.string().min(1),
              client_secret: z.string().min(16),
              redirect_uris: z.array(z.string().url()).min(1),
            }),
          )
          .parse(JSON.parse(v));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'OIDC_OTHER_CLIENTS must be a JSON array of {client_id, client_secret, redirect_uris}',
        });
        return z.NEVER;
      }
    }),
  DEMO_PASSWORD: optionalText,
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // The demo business (issue #19) on top of the demo accounts: on with them unless set to false.
  SEED_DEMO_BUSINESS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // Proxies whose X-Forwarded-For is believed: true (any), false, or addresses and CIDR ranges (lib/server/api/client-address.ts).
  TRUST_PROXY: z.string().optional(),
  REVIEW_SLA_BUSINESS_DAYS: z.coerce.number().int().min(1).max(365).default(10),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // The PDF render thread's script: server/start-server.mjs names the build's own; `off` (or unset,
  // as under next dev and the tests) makes PDFs in the request thread.
  PDF_RENDER_THREAD: optionalText,
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  // Royalty reports for a calendar month are due this many days after the month ends (Holder.config 'sales.due_days' overrides).
  SALES_REPORT_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  // Royalty files (CSV, XLSX): refused past these, before or while parsing (never after).
  SALES_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(1_000_000),
  SALES_IMPORT_MAX_COLUMNS: z.coerce.number().int().min(1).max(16_384).default(64),
  SALES_IMPORT_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(4096).default(64),
  // Outgoing mail: without SMTP_URL the outbox keeps messages (state 'kept', readable in /sys/mail).
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  // How long an invitation link stays valid (7 days by default).
  INVITE_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
  // The certificate sealing final contracts (PAdES): a PKCS#12 file and its passphrase; unset: generated into DATA_DIR/keys.
  CONTRACT_SEAL_P12: optionalText,
  CONTRACT_SEAL_PASSPHRASE: z.string().optional(),
  // An RFC 3161 timestamp authority: set, seals are PAdES B-T (a trusted time), else B-B.
  CONTRACT_SEAL_TSA_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  // An external EVM JSON-RPC endpoint; unset: an embedded dev chain (anvil) starts on first use.
  CHAIN_RPC_URL: optionalText,
  // The minting account's private key (0x + 64 hex); unset: generated into DATA_DIR/keys.
  CHAIN_SIGNER_KEY: optionalText,
  // The deployed IPWrapper address; unset: deployed once and remembered in DATA_DIR/chain.
  CHAIN_CONTRACT: optionalText,
  // Loopback port of the embedded chain (0: any free port).
  CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  // File store in an S3-compatible bucket instead of DATA_DIR/files: setting the bucket selects it
  // (needed for several replicas). The endpoint is for non-AWS services (MinIO, R2, Ceph…).
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => v?.trim() || 'us-east-1'),
  // Static keys; both unset: the SDK's default chain (environment, shared config, instance or task role).
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Path-style addressing (endpoint/bucket/key); unset: on when S3_ENDPOINT is set, as most non-AWS services need.
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).optional(),
  // Key prefix inside the bucket (e.g. `ipl/`), so one bucket can hold several installations.
  S3_PREFIX: optionalText,
});

export type AppConfig = ReturnType<typeof buildConfig>;

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Empty, or ends with `/`. */
      prefix: string;
    };

function storageConfig(e: z.output<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local' };
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    // Half a key pair would silently fall back to the default chain's identity: refuse to start.
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  const prefix = (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  const pathStyle = e.S3_FORCE_PATH_STYLE;
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle:
      pathStyle === undefined || pathStyle === '' ? Boolean(e.S3_ENDPOINT) : pathStyle === 'true' || pathStyle === '1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

export function buildConfig(env: NodeJS.ProcessEnv) {
  const e = envSchema.parse(env);
  const appUrl = (e.APP_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embeddedIdp = !e.OIDC_ISSUER;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    oidc: {
      embedded: embeddedIdp,
      // The embedded provider's issuer follows the public URL, so cookies and redirects agree.
      issuer: e.OIDC_ISSUER ?? `${appUrl}/api/oidc`,
      clientId: e.OIDC_CLIENT_ID ?? 'platform-web',
      clientSecret: e.OIDC_CLIENT_SECRET,
      audience: e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID ?? 'platform-web',
      otherClients: e.OIDC_OTHER_CLIENTS.map((c) => ({
        ...c,
        response_types: ['code' as const],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic' as const,
      })),
      endSessionUrl: e.OIDC_END_SESSION_URL ?? `${e.OIDC_ISSUER ?? `${appUrl}/api/oidc`}/session/end`,
    },
    nextAuthSecret: e.NEXTAUTH_SECRET,
    aclClient: e.ACL_CLIENT,
    productKey: e.PRODUCT_KEY,
    productName: e.PRODUCT_NAME,
    systemTitle: e.SYSTEM_TITLE,
    logo: { url: e.LOGO_URL, width: e.LOGO_WIDTH, height: e.LOGO_HEIGHT },
    basePath: e.BASE_PATH,
    coreApiUrl: e.CORE_API_URL ?? `${appUrl}/api/core`,
    socketUrl: e.SOCKET_URL ?? `${appUrl}/api/core/notify/stream`,
    hubUrl: e.HUB_URL ?? appUrl,
    domain: e.DOMAIN ?? new URL(appUrl).hostname,
    privacyUrl: e.PRIVACY_URL,
    session: {
      pollSeconds: e.SESSION_POLL_SECONDS,
      pollWhenOffline: e.SESSION_POLL_WHEN_OFFLINE,
      ttlSeconds: e.SESSION_TTL_SECONDS,
    },
    gate: e.GATE_ID && e.GATE_PASSWORD ? { id: e.GATE_ID, password: e.GATE_PASSWORD } : undefined,
    analyticsId: e.ANALYTICS_ID,
    analyticsSrc: e.ANALYTICS_SRC,
    analyticsFirstParty: e.ANALYTICS_FIRST_PARTY,
    demo: { seed: e.SEED_DEMO, business: e.SEED_DEMO && e.SEED_DEMO_BUSINESS, password: e.DEMO_PASSWORD },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    reviewSlaBusinessDays: e.REVIEW_SLA_BUSINESS_DAYS,
    authCacheMs: e.AUTH_CACHE_MS,
    pdfRenderThread: e.PDF_RENDER_THREAD === 'off' ? undefined : e.PDF_RENDER_THREAD,
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowSeconds: e.LOGIN_WINDOW_SECONDS },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    salesReportDueDays: e.SALES_REPORT_DUE_DAYS,
    salesImport: {
      maxRows: e.SALES_IMPORT_MAX_ROWS,
      maxColumns: e.SALES_IMPORT_MAX_COLUMNS,
      maxUnpackedBytes: e.SALES_IMPORT_MAX_UNPACKED_MB * 1024 * 1024,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `"${e.SYSTEM_TITLE}" <no-reply@${e.DOMAIN ?? new URL(appUrl).hostname}>` },
    chain: {
      rpcUrl: e.CHAIN_RPC_URL,
      signerKey: e.CHAIN_SIGNER_KEY,
      contract: e.CHAIN_CONTRACT,
      embeddedPort: e.CHAIN_PORT,
    },
    inviteTtlHours: e.INVITE_TTL_HOURS,
    contractSeal: {
      p12Path: e.CONTRACT_SEAL_P12 ? path.resolve(e.CONTRACT_SEAL_P12) : undefined,
      passphrase: e.CONTRACT_SEAL_PASSPHRASE,
      tsaUrl: e.CONTRACT_SEAL_TSA_URL,
    },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
    storage: storageConfig(e),
  };
}

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  cached ??= buildConfig(process.env);
  return cached;
}

/** Tests change the environment between suites; this drops the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
}
