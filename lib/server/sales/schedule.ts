import { getDb } from '../db/client';
import { remindLateReports } from './late';

const HOUR = 3600 * 1000;

/** Hourly late-report check; the reminder rows' unique index keeps replicas from sending twice. */
export function startLateReportChecks(): void {
  const run = async () => {
    try {
      const sent = await remindLateReports(await getDb());
      if (sent) console.log(`[sales] reminded ${sent} licensee owner(s) of late royalty reports`);
    } catch (err) {
      console.error('[sales] late-report check failed:', (err as Error).message);
    }
  };
  setTimeout(run, 90_000).unref();
  setInterval(run, HOUR).unref();
}
