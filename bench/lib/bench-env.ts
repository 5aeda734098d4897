import path from 'node:path';
import { SECRET } from '../../tests/system/client';

/**
 * The settings a bench's app runs with, over its database's: the test session secret and demo
 * password, and no demo business. A first start makes the demo business in the background
 * (contracts and their PDFs, mails, notifications); made while a bench measured, its writes emptied
 * the answer cache and its PDFs took a core. BENCH_CPU_PROF=<dir> writes a V8 profile of each app
 * process (read it with bench/lib/cpu-top.ts).
 */
export function benchAppEnv(databaseEnv: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...databaseEnv,
    NEXTAUTH_SECRET: SECRET,
    DEMO_PASSWORD: 'bench-demo-password',
    SEED_DEMO_BUSINESS: 'false',
    ...(process.env.BENCH_CPU_PROF
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` }
      : {}),
    ...extra,
  };
}
