import useSWR from 'swr';
import { useSession } from 'next-auth/react';
import { api, type AnswerData } from './api';
import type { Envelope } from './fetcher';

export type Party = 'licensee' | 'holder';

/** GET /api/pdf/attr/{id} (lib/server/contracts/attributes.ts), as /openapi.json describes it. */
export type ContractAttributes = AnswerData<'/api/pdf/attr/{id}', 'get'>;
export type ContractSignature = ContractAttributes['signatures'][number];

/** POST /api/pdf/verify/{id}. */
export type VerifyResult = AnswerData<'/api/pdf/verify/{id}', 'post'>;

export interface Outcome<T> {
  ok: boolean;
  data: T | null;
  errors: Record<string, string>;
  message: string | null;
}

function outcomeOf<T>(envelope: Envelope<unknown> | null): Outcome<T> {
  if (!envelope) return { ok: false, data: null, errors: {}, message: null };
  if (envelope.status === 0) return { ok: true, data: envelope.data as T, errors: {}, message: null };
  const detail = envelope.data as { errors?: Record<string, string> } | string | null;
  return {
    ok: false,
    data: null,
    errors: typeof detail === 'object' && detail?.errors ? detail.errors : {},
    message: typeof detail === 'string' ? detail : null,
  };
}

/** The contract PDF of a license (its revision in force) or of a contract key. */
export function contractPdfUrl(id: string, final = false): string {
  return `/api/pdf/${encodeURIComponent(id)}${final ? '?final=1' : ''}`;
}

/** How often a page asks again while a contract or its signed agreement is being prepared. */
const PREPARING_POLL_MS = 2000;

/**
 * The attributes of a license's contract; null when there is none (or the caller may not see it).
 * While the PDF or the signed agreement is being prepared it is asked for again every 2 s, so the
 * page shows it as soon as the job has made it.
 */
export function useContract(id: string | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(
    id && token ? ['contract', id, token] : null,
    async () => {
      const answer = await api.GET('/api/pdf/attr/{id}', { params: { path: { id: id! } }, token });
      // The spec leaves every field optional; the server sends them all.
      return answer?.status === 0 ? (answer.data as ContractAttributes) : null;
    },
    { refreshInterval: (data) => (data?.preparing || data?.finalPreparing ? PREPARING_POLL_MS : 0) },
  );
}

export interface SignBody {
  party: Party;
  sha256: string;
  typedName: string;
  signature: string;
  consent: boolean;
}

export async function signContract(id: string, body: SignBody, token?: string) {
  // The spec takes consent: true only; an unticked box is still sent so the server's message shows under it.
  const sent = body as SignBody & { consent: true };
  return outcomeOf<ContractAttributes>(await api.POST('/api/pdf/sign/{id}', { params: { path: { id } }, token, body: sent }));
}

export async function verifyContract(id: string, tamper: boolean, token?: string) {
  return outcomeOf<VerifyResult>(await api.POST('/api/pdf/verify/{id}', { params: { path: { id } }, token, body: { tamper } }));
}

export async function createDemoContract(lang: 'jp' | 'en', token?: string) {
  return outcomeOf<ContractAttributes>(await api.POST('/api/pdf/demo', { token, body: { lang } }));
}
