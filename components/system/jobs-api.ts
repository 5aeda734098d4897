import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { coreApi, type Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import type { JobDetail, JobSummary } from '@/lib/server/jobs/admin';

export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

// The shapes /api/core/jobs answers with come from the service that builds them.
export type { JobDetail, JobSummary };

export interface JobsPage {
  items: JobSummary[];
  nextCursor: string | null;
  counts: Record<string, number>;
  kinds: string[];
}

/** Jobs newest first, one page of 50 at a time (keyset cursor); refreshed every 5 s while open. */
export function useJobs(state: JobState | '', kind: string) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWRInfinite<JobsPage | null>(
    (index: number, previous: JobsPage | null) => {
      if (!token || (index > 0 && !previous?.nextCursor)) return null;
      const query = new URLSearchParams({ limit: '50' });
      if (state) query.set('state', state);
      if (kind) query.set('kind', kind);
      if (index > 0 && previous?.nextCursor) query.set('cursor', previous.nextCursor);
      return ['core', `/jobs/list?${query.toString()}`, token];
    },
    async ([, path]: [string, string, string]) => {
      const res = await coreApi<JobsPage>(settings.coreApiUrl, path, { token });
      return res?.status === 0 ? res.data : null;
    },
    { refreshInterval: 5_000 },
  );
}

export function useJob(key: string | null) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<JobDetail> | null>(key && token ? ['core', `/jobs/${key}`, token] : null, () =>
    coreApi<JobDetail>(settings.coreApiUrl, `/jobs/${encodeURIComponent(key!)}`, { token }),
  );
}

/** POST /jobs/{key}/retry: true when the job is due again. */
export async function retryJob(coreApiUrl: string, token: string | undefined, key: string): Promise<boolean> {
  const res = await coreApi<JobSummary>(coreApiUrl, `/jobs/${encodeURIComponent(key)}/retry`, { token, body: {} });
  return res?.status === 0;
}
