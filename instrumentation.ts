/** Runs once when a server process starts: migrate, seed, print the demo accounts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { ensureReady, printStartBanner } = await import('./lib/server/boot');
  printStartBanner(await ensureReady());
  // Overdue reviews are reminded hourly; the reviews are stamped, so replicas never send twice.
  const { startReminders } = await import('./lib/server/flow/schedule-reminders');
  startReminders();
  // Late royalty reports are reminded hourly, once per license and period (unique reminder rows).
  const { startLateReportChecks } = await import('./lib/server/sales/schedule');
  startLateReportChecks();
  // Jobs (mail, contract PDFs, credentials, mints) run on LISTEN ipl_jobs and a 10 s poll; SKIP LOCKED claims keep replicas apart.
  const { startJobWorker } = await import('./lib/server/jobs/worker');
  startJobWorker();
}
