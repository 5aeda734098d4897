import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { coreClient, type AnswerData } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import { listKeyPath } from './list-key';
import type { JobDetail, JobSummary } from '@/lib/server/jobs/admin';

export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

// The shapes /api/core/jobs answers with come from the service that builds them.
export type { JobDetail, JobSummary };

export type JobsPage = AnswerData<'/api/core/jobs/list', 'get'>;

type JobsQuery = { limit: number; state?: JobState; kind?: string; cursor?: string };

/** Jobs newest first, one page of 50 at a time (keyset cursor); refreshed every 5 s while open. */
export function useJobs(state: JobState | '', kind: string) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWRInfinite<JobsPage | null>(
    (index: number, previous: JobsPage | null) => {
      if (!token || (index > 0 && !previous?.nextCursor)) return null;
      const query: JobsQuery = {
        limit: 50,
        state: state || undefined,
        kind: kind || undefined,
        cursor: (index > 0 && previous?.nextCursor) || undefined,
      };
      // The key keeps the path as it was sent; the query itself follows for the fetcher.
      return ['core', listKeyPath('/jobs/list', query), token, query];
    },
    async ([, , , query]: [string, string, string, JobsQuery]) => {
      const res = await coreClient(settings.coreApiUrl).GET('/api/core/jobs/list', { params: { query }, token });
      return res?.status === 0 ? res.data : null;
    },
    { refreshInterval: 5_000 },
  );
}

export function useJob(key: string | null) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<JobDetail> | null>(
    key && token ? ['core', `/jobs/${key}`, token] : null,
    async () => await coreClient(settings.coreApiUrl).GET('/api/core/jobs/{key}', { params: { path: { key: key! } }, token }),
  );
}

/** POST /jobs/{key}/retry: true when the job is due again. */
export async function retryJob(coreApiUrl: string, token: string | undefined, key: string): Promise<boolean> {
  const res = await coreClient(coreApiUrl).POST('/api/core/jobs/{key}/retry', { params: { path: { key } }, token, body: {} });
  return res?.status === 0;
}
