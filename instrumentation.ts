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
  // The e-mail outbox is delivered on LISTEN ipl_mail and a 10 s poll; SKIP LOCKED claims keep replicas apart.
  const { startMailWorker } = await import('./lib/server/mail/worker');
  startMailWorker();
}
