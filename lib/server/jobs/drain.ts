import type { Db } from '../db/client';
import type { JobServices } from './define';
import { jobKinds } from './kinds';
import { runDueJobs, type RunResult } from './run-due';

/**
 * Runs every due job of every kind until none is left (or `rounds` runs): for scripts, tests and
 * benchmarks that have no worker running. Mail is left to its own runs unless services are given.
 */
export async function drainJobs(db: Db, services: JobServices = {}, rounds = 20): Promise<RunResult> {
  const total: RunResult = { done: 0, retrying: 0, dead: 0, outcomes: {} };
  const kinds = services.mail ? jobKinds : jobKinds.filter((k) => k.lane !== 'mail');
  for (let i = 0; i < rounds; i++) {
    const r = await runDueJobs(db, new Date(), { kinds, services });
    total.done += r.done;
    total.retrying += r.retrying;
    total.dead += r.dead;
    for (const [k, v] of Object.entries(r.outcomes)) total.outcomes[k] = (total.outcomes[k] ?? 0) + v;
    if (r.done + r.retrying + r.dead === 0) break;
  }
  return total;
}
