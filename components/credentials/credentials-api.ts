import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, assumeData, coreClient } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
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
    const answer = assumeData<{ items: CredentialSummary[] }>(
      await coreClient(settings.coreApiUrl).GET('/api/core/wallet/cred/list', { token }),
    );
    if (answer?.status !== 0) throw new Error('wallet');
    return answer.data.items;
  });
}

/** One wallet credential with its JWT and a verification made now. */
export async function fetchWalletCredential(coreApiUrl: string, key: string, token?: string): Promise<CredentialDetail | null> {
  const answer = assumeData<CredentialDetail>(
    await coreClient(coreApiUrl).GET('/api/core/wallet/cred/get/{id}', { params: { path: { id: key } }, token }),
  );
  return answer?.status === 0 ? answer.data : null;
}

/** Verifies a credential JWT with the public endpoint (POST /api/vc/verify). */
export async function verifyJwt(jwt: string): Promise<Verification | null> {
  const answer = assumeData<Verification>(await api.POST('/api/vc/verify', { body: { jwt } }));
  return answer?.status === 0 ? answer.data : null;
}

/** Credential schemas (GET /api/core/schema/list). */
export function useCredentialSchemas() {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token ? ['credential-schemas', token] : null, async () => {
    const answer = assumeData<{ items: SchemaSummary[] }>(
      await coreClient(settings.coreApiUrl).GET('/api/core/schema/list', { token }),
    );
    if (answer?.status !== 0) throw new Error('schemas');
    return answer.data.items;
  });
}

export function useSchemaMeta(key: string | null) {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token && key ? ['credential-schema', key, token] : null, async () => {
    const core = coreClient(settings.coreApiUrl);
    const answer = assumeData<SchemaSummary & { issued: number; schema: Record<string, unknown> }>(
      await core.GET('/api/core/schema/get/{id}', { params: { path: { id: key! } }, token }),
    );
    const meta = assumeData<{ issued: number }>(
      await core.GET('/api/core/schema/meta/{id}', { params: { path: { id: key! } }, token }),
    );
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
  const core = coreClient(coreApiUrl);
  const params = { path: { id: key } };
  if (action === 'enable') return core.POST('/api/core/schema/enable/{id}', { params, body: {}, token });
  if (action === 'disable') return core.POST('/api/core/schema/disable/{id}', { params, body: {}, token });
  // Withdrawing is publish with published: false.
  return core.POST('/api/core/schema/publish/{id}', { params, body: action === 'unpublish' ? { published: false } : {}, token });
}

/** The public verification of a product or credential, fetched at each visit (no cache). */
export function usePublicVerification(id: string | undefined) {
  return useSWR(
    id ? ['vc-verify', id] : null,
    async () => {
      const answer = assumeData<PublicVerification>(
        await api.GET('/api/vc/verify/{id}', { params: { path: { id: id! } }, cache: 'no-store' }),
      );
      if (answer?.status !== 0) throw new Error('verify');
      return answer.data;
    },
    { revalidateOnFocus: true, dedupingInterval: 0 },
  );
}
