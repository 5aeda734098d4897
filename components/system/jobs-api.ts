import type { AnswerData } from '@/lib/client/api';
import type { JobDetail, JobSummary } from '@/lib/server/jobs/admin';
import type { Queue } from './queue/queue-api';

export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

// The shapes /api/core/jobs answers with come from the service that builds them.
export type { JobDetail, JobSummary };

export type JobsPage = AnswerData<'/api/core/jobs/list', 'get'>;

export interface JobsFilter {
  state: JobState | '';
  kind: string;
}

type JobsQuery = { limit: number; state?: JobState; kind?: string; cursor?: string };

/** The durable jobs, newest first, 50 a page; refreshed every 5 s while open. */
export const JOBS: Queue<JobsQuery, JobsPage, JobDetail> = {
  path: '/jobs',
  refreshInterval: 5_000,
  list: async (core, token, query) => {
    const res = await core.GET('/api/core/jobs/list', { params: { query }, token });
    return res?.status === 0 ? res.data : null;
  },
  item: async (core, token, key) => {
    const res = await core.GET('/api/core/jobs/{key}', { params: { path: { key } }, token });
    return res?.status === 0 ? res.data : null;
  },
  retry: async (core, token, key) =>
    (await core.POST('/api/core/jobs/{key}/retry', { params: { path: { key } }, token, body: {} }))?.status === 0,
};

export function jobsQuery(filter: JobsFilter, cursor: string | undefined): JobsQuery {
  return { limit: 50, state: filter.state || undefined, kind: filter.kind || undefined, cursor };
}
