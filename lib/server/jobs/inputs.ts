import { z } from 'zod';

export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;

/** Query of GET /api/core/jobs/list (admin). */
export const jobListInput = z
  .object({
    state: z.enum(JOB_STATES).optional(),
    kind: z.string().trim().min(1).max(64).optional(),
    subject: z.string().trim().min(1).max(128).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(128).optional(),
  })
  .strict();

/** Path of GET /api/core/jobs/{key} and POST /api/core/jobs/{key}/retry. */
export const jobKeyInput = z.object({ key: z.string().trim().min(1).max(128) }).strict();

/** Body of POST /api/core/jobs/{key}/retry: nothing (the key is in the path); an empty object or none. */
export const jobRetryInput = z.object({}).strict();
