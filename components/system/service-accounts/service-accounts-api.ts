import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { productApi } from '@/lib/client/fetcher';

/** A service account as GET /api/sys/service-accounts answers it (dates as JSON strings). */
export interface ServiceAccountRow {
  key: string;
  name: string;
  clientId: string;
  access: string[];
  state: 'active' | 'revoked';
  createdAt: string;
  rotatedAt: string | null;
  revokedAt: string | null;
}

export interface IssuedCredentials {
  account: ServiceAccountRow;
  clientSecret: string;
}

export function useServiceAccountCalls() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return {
    token,
    create: (body: { name: string; access: string[] }) =>
      productApi<IssuedCredentials>('/sys/service-accounts', { token, method: 'POST', body }),
    rotate: (key: string) =>
      productApi<IssuedCredentials>(`/sys/service-accounts/${encodeURIComponent(key)}/rotate`, {
        token,
        method: 'POST',
        body: {},
      }),
    revoke: (key: string) =>
      productApi<ServiceAccountRow>(`/sys/service-accounts/${encodeURIComponent(key)}/revoke`, {
        token,
        method: 'POST',
        body: {},
      }),
  };
}

export function useServiceAccounts() {
  const { token } = useServiceAccountCalls();
  return useSWR(token ? ['sys-service-accounts', token] : null, async () => {
    const answer = await productApi<ServiceAccountRow[]>('/sys/service-accounts', { token });
    return answer?.status === 0 ? answer.data : null;
  });
}
