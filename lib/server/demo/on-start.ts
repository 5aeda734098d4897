import { getConfig } from '../../config';
import { LOCKS, withAdvisoryLock } from '../db/advisory-lock';
import { getDbHandle } from '../db/client';
import { demoCounts, seedDemoBusiness, type DemoSummary } from './seed-demo';

/** One line a person reads at the end of the start log. */
export function summaryLine(summary: DemoSummary, counts: Awaited<ReturnType<typeof demoCounts>>): string {
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const what = `${total(counts.ips)} IPs, ${total(counts.licenses)} licenses (${counts.licenses.active ?? 0} active), ${total(counts.products)} products, ${total(counts.reports)} royalty reports`;
  return summary.skipped
    ? `  Demo business: already in place (${what})`
    : `  Demo business ready in ${(summary.ms / 1000).toFixed(1)} s: ${what}`;
}

/**
 * Seeds the demo business on the embedded default when demo accounts are on (SEED_DEMO) and the
 * business is not switched off (SEED_DEMO_BUSINESS=false, as the e2e suite's main server runs).
 * Under the boot lock, so replicas starting together seed once.
 */
export async function seedDemoOnStart(password: string): Promise<void> {
  if (!getConfig().demo.business) return;
  const handle = await getDbHandle();
  const summary = await withAdvisoryLock(handle, LOCKS.boot, () =>
    seedDemoBusiness(handle.db, password, { log: (line) => console.log(`  [demo] ${line}`) }),
  );
  console.log(summaryLine(summary, await demoCounts(handle.db)) + '\n');
}
