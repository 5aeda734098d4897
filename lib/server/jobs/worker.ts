import { getConfig } from '../../config';
import { outsideRequest } from '../common/request-scope';
import { getDb } from '../db/client';
import { createTransport } from '../mail/worker';
import { subscribe } from '../notify/listener';
import type { JobServices, Lane } from './define';
import { JOBS_CHANNEL } from './enqueue';
import { jobKinds } from './kinds';
import { runDueJobs } from './run-due';
import { warmRenderThread } from '../pdf/render';

const POLL_MS = 10_000;

const globalKey = Symbol.for('ipl.job-worker');
type GlobalWithWorker = typeof globalThis & { [globalKey]?: { wake: (kind?: string) => void } };

/**
 * The share of the time a lane's jobs may take while it has a backlog. A contract PDF costs some
 * 150 ms of CPU with its layout, fonts, compression and seal; a burst of final approvals queues
 * dozens, and made back to back they took the cores from the requests for seconds (the approval
 * burst of bench/load at 308 requests/s: query p99 over 1 s with them, 157 ms without). At a
 * quarter of the time a backlog of 60 is made within a minute, and a single PDF still starts at once.
 */
const LANE_SHARE: Partial<Record<Lane, number>> = { documents: 0.25 };

/**
 * Runs the jobs: at once when one is written (LISTEN ipl_jobs, from any replica) and every 10 s
 * for retries that came due and leases that ran out. Each lane (mail, documents, chain, webhooks) runs one
 * job at a time in this process, so a slow SMTP server never holds up a contract; jobs are
 * claimed with SKIP LOCKED, so replicas never run one twice. Errors are logged, never thrown.
 */
export function startJobWorker(): void {
  const g = globalThis as GlobalWithWorker;
  if (g[globalKey]) return;
  const config = getConfig();
  // Loading React PDF and its layout engine is CPU of its own: paid at start, not inside the first burst of contracts.
  warmRenderThread();
  let transport: ReturnType<typeof createTransport> | undefined;
  const services = async (): Promise<JobServices> => {
    transport ??= createTransport(config.mail.smtpUrl);
    return { mail: { transport: await transport, from: config.mail.from } };
  };
  const lanes = new Map<Lane, () => void>();
  for (const lane of ['mail', 'documents', 'chain', 'webhooks'] as const) {
    const kinds = jobKinds.filter((k) => k.lane === lane);
    let running = false;
    let again = false;
    const tick = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const result = await runDueJobs(await getDb(), new Date(), {
            kinds,
            services: await services(),
            share: LANE_SHARE[lane],
          });
          if (result.done || result.retrying || result.dead) {
            console.log(`[jobs] ${lane}: done ${result.done}, retrying ${result.retrying}, dead ${result.dead}`);
          }
        } while (again);
      } catch (err) {
        console.error(`[jobs] ${lane} tick failed:`, (err as Error).message);
      } finally {
        running = false;
      }
    };
    // PGlite delivers the wake-up inside the committing request's context: the lane runs outside it.
    lanes.set(lane, () => void outsideRequest(tick));
  }
  const laneOf = new Map(jobKinds.map((k) => [k.kind, k.lane]));
  const wake = (kind?: string) => {
    const lane = kind ? laneOf.get(kind) : undefined;
    if (lane) lanes.get(lane)!();
    else for (const run of lanes.values()) run();
  };
  g[globalKey] = { wake };
  subscribe(JOBS_CHANNEL, (payload) => wake(payload ?? undefined)).catch((err: unknown) =>
    console.error('[jobs] cannot listen for new jobs; polling only:', (err as Error).message),
  );
  setTimeout(() => wake(), 2_000).unref();
  setInterval(() => wake(), POLL_MS).unref();
}
