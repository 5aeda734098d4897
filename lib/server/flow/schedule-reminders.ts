import { getDb } from '../db/client';
import { sendDigests } from '../notify/digest';
import { remindOverdue } from './remind-overdue';

const HOUR = 3600 * 1000;

export function startReminders(): void {
  const run = async () => {
    try {
      const sent = await remindOverdue(await getDb());
      if (sent) console.log(`[flow] reminded ${sent} reviewer(s) of overdue items`);
    } catch (err) {
      console.error('[flow] reminders failed:', (err as Error).message);
    }
    try {
      const digests = await sendDigests(await getDb());
      if (digests) console.log(`[notify] sent ${digests} daily digest(s)`);
    } catch (err) {
      console.error('[notify] daily digests failed:', (err as Error).message);
    }
  };
  // The timer must not keep a stopping process alive.
  setTimeout(run, 60_000).unref();
  setInterval(run, HOUR).unref();
}
