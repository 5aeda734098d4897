import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { DesignerIp, DesignerRecord } from './types';

/** One Designer record by key; `null` when it does not exist or cannot be read. */
export function useDesigner(key: string | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(key && token ? ['designer-profile', key, token] : null, async () => {
    const answer = await api.GET('/api/v1/Designer/{id}', { params: { path: { id: key! } }, token });
    // The spec leaves role and the names optional; a stored Designer has them.
    return answer?.status === 0 ? (answer.data as DesignerRecord) : null;
  });
}

/** The signed-in person's own Designer record (owner = sub), or null when there is none yet. */
export function useOwnDesigner() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const sub = session?.user.sub;
  return useSWR(sub && token ? ['designer-own', sub, token] : null, async () => {
    const answer = await api.POST('/api/v1/Designer/query', {
      token,
      body: { filter: { owner: sub }, sort: { dateCreated: 1 }, limit: 1 },
    });
    if (answer?.status !== 0) throw new Error('designer query failed');
    // The spec leaves items and the records' role optional; the query answers them all.
    return (answer.data as { items: DesignerRecord[] }).items[0] ?? null;
  });
}

/**
 * The designer's IPs: GET /api/v1/Designer/ips/{id} (an array of IP records); while that answer
 * is not status 0 (not there yet, say), the IP query filtered on the designer.
 */
export function useDesignerIps(key: string | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(key && token ? ['designer-ips', key, token] : null, async () => {
    const direct = await api.GET('/api/v1/Designer/ips/{id}', { params: { path: { id: key! } }, token });
    if (direct?.status === 0) {
      // The spec leaves the records' name and state optional (the route answers them); the list shape is kept from before the spec.
      const data = direct.data as DesignerIp[] | { items?: DesignerIp[] };
      return Array.isArray(data) ? data : (data.items ?? []);
    }
    const answer = await api.POST('/api/v1/IP/query', {
      token,
      body: { filter: { designer: key }, sort: { dateCreated: -1 }, limit: 200 },
    });
    // The spec leaves items and the records' name and state optional; the query answers them all.
    return answer?.status === 0 ? (answer.data as { items: DesignerIp[] }).items : [];
  });
}
