import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';

/** A service account as GET /api/sys/service-accounts answers it (dates as JSON strings). */
export interface ServiceAccountRow {
  key: string;
  name: string;
  clientId: string;
  provider: 'embedded' | 'external';
  access: string[];
  state: 'active' | 'revoked';
  createdAt: string;
  rotatedAt: string | null;
  revokedAt: string | null;
}

export interface IssuedCredentials {
  account: ServiceAccountRow;
  /** Null for a client of an external provider, which keeps its secret. */
  clientSecret: string | null;
}

export interface CreateBody {
  name: string;
  access: string[];
  externalClientId?: string;
}

export function useServiceAccountCalls() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return {
    token,
    // The spec leaves every field of these answers optional; the handler sends them all.
    create: async (body: CreateBody) =>
      (await api.POST('/api/sys/service-accounts', { token, body })) as Envelope<IssuedCredentials> | null,
    rotate: async (key: string) =>
      (await api.POST('/api/sys/service-accounts/{key}/rotate', {
        params: { path: { key } },
        token,
        body: {},
      })) as Envelope<IssuedCredentials> | null,
    revoke: (key: string) => api.POST('/api/sys/service-accounts/{key}/revoke', { params: { path: { key } }, token, body: {} }),
  };
}

export function useServiceAccounts() {
  const { token } = useServiceAccountCalls();
  return useSWR(token ? ['sys-service-accounts', token] : null, async () => {
    const answer = await api.GET('/api/sys/service-accounts', { token });
    // The spec leaves every field optional; the handler sends them all.
    return answer?.status === 0 ? (answer.data as ServiceAccountRow[]) : null;
  });
}
