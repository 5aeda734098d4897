import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { coreApi, productApi, type Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';

/** Shapes of the credential routes (lib/server/credentials/*), as the views read them. */
export type CredentialStatus = 'valid' | 'expired' | 'revoked' | 'not_yet_valid' | 'invalid_signature' | 'malformed' | 'unknown';

export interface LicenseClaims {
  license?: { key: string; state: string };
  ip?: { key: string; name: string };
  licensee?: { key: string; name: string };
  territory?: string[];
  term?: { start: string; end: string };
}

export interface CredentialSummary {
  key: string;
  type: string;
  schema: string | null;
  format: string;
  issuer: string;
  subject: string;
  claims: LicenseClaims;
  state: string;
  status: CredentialStatus;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface Verification {
  valid: boolean;
  reason: CredentialStatus;
  checkedAt: string;
}

export interface CredentialDetail extends CredentialSummary {
  jwt: string;
  verification: Verification;
}

export interface SchemaSummary {
  key: string;
  name: string;
  version: string;
  issuer: string;
  enabled: boolean;
  published: boolean;
  meta: {
    title?: { jp?: string; en?: string };
    description?: { jp?: string; en?: string };
    format?: string;
    publishedAt?: string;
  };
  dateCreated: string;
  dateUpdated: string;
}

export type PublicState = 'valid' | 'expired' | 'revoked' | 'not_yet_valid' | 'not_licensed';

export interface PublicVerification {
  state: PublicState;
  kind: 'product' | 'credential' | 'unknown';
  product: { key: string; name: string; reference: string } | null;
  license: { reference: string } | null;
  ip: { name: string } | null;
  licensee: { name: string } | null;
  territory: string[];
  term: { start: string; end: string } | null;
  credential: { key: string; issuedAt: string; revokedAt: string | null } | null;
  signature: boolean;
  checkedAt: string;
  standard: { issuer: string; didDocument: string; statusList: string; statusListIndex: string } | null;
}

function useToken(): string | undefined {
  return useSession().data?.accessToken;
}

/** The signed-in user's wallet (GET /api/core/wallet/cred/list). */
export function useWallet() {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token ? ['wallet-creds', token] : null, async () => {
    const answer = await coreApi<{ items: CredentialSummary[] }>(settings.coreApiUrl, '/wallet/cred/list', { token });
    if (answer?.status !== 0) throw new Error('wallet');
    return answer.data.items;
  });
}

/** One wallet credential with its JWT and a verification made now. */
export async function fetchWalletCredential(coreApiUrl: string, key: string, token?: string): Promise<CredentialDetail | null> {
  const answer = await coreApi<CredentialDetail>(coreApiUrl, `/wallet/cred/get/${encodeURIComponent(key)}`, { token });
  return answer?.status === 0 ? answer.data : null;
}

/** Verifies a credential JWT with the public endpoint (POST /api/vc/verify). */
export async function verifyJwt(jwt: string): Promise<Verification | null> {
  const answer = await productApi<Verification>('/vc/verify', { body: { jwt } });
  return answer?.status === 0 ? answer.data : null;
}

/** Credential schemas (GET /api/core/schema/list). */
export function useCredentialSchemas() {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token ? ['credential-schemas', token] : null, async () => {
    const answer = await coreApi<{ items: SchemaSummary[] }>(settings.coreApiUrl, '/schema/list', { token });
    if (answer?.status !== 0) throw new Error('schemas');
    return answer.data.items;
  });
}

export function useSchemaMeta(key: string | null) {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token && key ? ['credential-schema', key, token] : null, async () => {
    const answer = await coreApi<SchemaSummary & { issued: number; schema: Record<string, unknown> }>(
      settings.coreApiUrl,
      `/schema/get/${encodeURIComponent(key!)}`,
      { token },
    );
    const meta = await coreApi<{ issued: number }>(settings.coreApiUrl, `/schema/meta/${encodeURIComponent(key!)}`, { token });
    if (answer?.status !== 0) throw new Error('schema');
    return { ...answer.data, issued: meta?.status === 0 ? meta.data.issued : 0 };
  });
}

/** enable | disable | publish a credential schema (administrators). */
export async function changeSchema(
  coreApiUrl: string,
  key: string,
  action: 'enable' | 'disable' | 'publish' | 'unpublish',
  token?: string,
): Promise<Envelope<unknown> | null> {
  const path = action === 'unpublish' ? 'publish' : action;
  const body = action === 'unpublish' ? { published: false } : {};
  return coreApi(coreApiUrl, `/schema/${path}/${encodeURIComponent(key)}`, { token, body });
}

/** The public verification of a product or credential, fetched at each visit (no cache). */
export function usePublicVerification(id: string | undefined) {
  return useSWR(
    id ? ['vc-verify', id] : null,
    async () => {
      const res = await fetch(`/api/vc/verify/${encodeURIComponent(id!)}`, {
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      const body = (await res.json()) as Envelope<PublicVerification>;
      if (body.status !== 0) throw new Error('verify');
      return body.data;
    },
    { revalidateOnFocus: true, dedupingInterval: 0 },
  );
}
