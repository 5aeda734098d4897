import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, coreClient, type AnswerData } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';

/**
 * Shapes of the credential routes (lib/server/credentials/*), from the spec. The spec leaves a
 * credential's claims and a schema's meta open records; the views read them as the shapes below.
 */
type SpecCredential = AnswerData<'/api/core/wallet/cred/list', 'get'>['items'][number];
type SpecCredentialDetail = AnswerData<'/api/core/wallet/cred/get/{id}', 'get'>;
type SpecSchema = AnswerData<'/api/core/schema/list', 'get'>['items'][number];

export type CredentialStatus = SpecCredential['status'];

export interface LicenseClaims {
  license?: { key: string; state: string };
  ip?: { key: string; name: string };
  licensee?: { key: string; name: string };
  territory?: string[];
  term?: { start: string; end: string };
}

export type CredentialSummary = Omit<SpecCredential, 'claims'> & { claims: LicenseClaims };

export type Verification = AnswerData<'/api/vc/verify', 'post'>;

export type CredentialDetail = Omit<SpecCredentialDetail, 'claims'> & { claims: LicenseClaims };

export interface SchemaMeta {
  title?: { jp?: string; en?: string };
  description?: { jp?: string; en?: string };
  format?: string;
  publishedAt?: string;
}

export type SchemaSummary = Omit<SpecSchema, 'meta'> & { meta: SchemaMeta };

export type PublicVerification = AnswerData<'/api/vc/verify/{id}', 'get'>;
export type PublicState = PublicVerification['state'];

function useToken(): string | undefined {
  return useSession().data?.accessToken;
}

/** A list the core API answers to the signed-in user, read with `read`; a refusal is an error. */
function useCoreItems<T>(
  name: string,
  read: (core: ReturnType<typeof coreClient>, token: string) => Promise<Envelope<{ items: unknown[] }> | null>,
) {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token ? [name, token] : null, async () => {
    const answer = await read(coreClient(settings.coreApiUrl), token!);
    if (answer?.status !== 0) throw new Error(name);
    // The spec leaves claims and meta open records; the callers read them as the shapes above.
    return answer.data.items as T[];
  });
}

/** The signed-in user's wallet (GET /api/core/wallet/cred/list). */
export function useWallet() {
  return useCoreItems<CredentialSummary>('wallet-creds', (core, token) => core.GET('/api/core/wallet/cred/list', { token }));
}

/** One wallet credential with its JWT and a verification made now. */
export async function fetchWalletCredential(coreApiUrl: string, key: string, token?: string): Promise<CredentialDetail | null> {
  const answer = await coreClient(coreApiUrl).GET('/api/core/wallet/cred/get/{id}', { params: { path: { id: key } }, token });
  // The spec leaves claims an open record; wallet credentials carry license claims.
  return answer?.status === 0 ? (answer.data as CredentialDetail) : null;
}

/** Verifies a credential JWT with the public endpoint (POST /api/vc/verify). */
export async function verifyJwt(jwt: string): Promise<Verification | null> {
  const answer = await api.POST('/api/vc/verify', { body: { jwt } });
  return answer?.status === 0 ? answer.data : null;
}

/** Credential schemas (GET /api/core/schema/list). */
export function useCredentialSchemas() {
  return useCoreItems<SchemaSummary>('credential-schemas', (core, token) => core.GET('/api/core/schema/list', { token }));
}

export function useSchemaMeta(key: string | null) {
  const { settings } = useShell();
  const token = useToken();
  return useSWR(token && key ? ['credential-schema', key, token] : null, async () => {
    const core = coreClient(settings.coreApiUrl);
    const answer = await core.GET('/api/core/schema/get/{id}', { params: { path: { id: key! } }, token });
    const meta = await core.GET('/api/core/schema/meta/{id}', { params: { path: { id: key! } }, token });
    if (answer?.status !== 0) throw new Error('schema');
    // The spec leaves meta an open record; its known keys are SchemaMeta's.
    const schema = answer.data as SchemaSummary & { schema: Record<string, unknown> };
    return { ...schema, issued: meta?.status === 0 ? meta.data.issued : 0 };
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
      const answer = await api.GET('/api/vc/verify/{id}', { params: { path: { id: id! } }, cache: 'no-store' });
      if (answer?.status !== 0) throw new Error('verify');
      return answer.data;
    },
    { revalidateOnFocus: true, dedupingInterval: 0 },
  );
}
