import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { productApi } from '@/lib/client/fetcher';

export interface HomeItem {
  label: string;
  href: string;
  kind?: string;
  state?: string;
}

export interface HomeSection {
  id: 'reviews' | 'changes' | 'reports' | 'accessRequests' | 'invitations' | 'notifications' | 'application';
  count: number;
  items: HomeItem[];
  href?: string;
}

/** What waits for the signed-in user (GET /api/home), refreshed when the window regains focus. */
export function useHome() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(token ? ['home', token] : null, async () => {
    const answer = await productApi<{ sections: HomeSection[] }>('/home', { token });
    return answer?.status === 0 ? answer.data.sections : null;
  });
}
