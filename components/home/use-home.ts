import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { HomeItem, HomeSection } from '@/lib/server/home/types';

export type { HomeItem, HomeSection };

/** What waits for the signed-in user (GET /api/home), refreshed when the window regains focus. */
export function useHome() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(token ? ['home', token] : null, async () => {
    const answer = await api.GET('/api/home', { token });
    return answer?.status === 0 ? answer.data.sections : null;
  });
}
