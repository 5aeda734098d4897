/**
 * bench/load-phases: the latencies of a mixed-load run (bench/load.ts with BENCH_SAMPLES=<file>)
 * in two phases: while approvals were still being sent (the run's first seconds, when every
 * usage permit and license of the queue is approved and each license's contract is made) and
 * after the last one, when only creations and queries are left. Also the slowest query of each
 * second, to see how long a burst takes to clear.
 *
 *   npx tsx bench/load-phases.ts <samples.json>...
 */
import fs from 'node:fs';
import { percentile } from '../tests/system/client';

type Row = [kind: string, at: number, ms: number];

function table(rows: Row[]): string[] {
  const kinds = [...new Set(rows.map((r) => r[0]))];
  return kinds.map((kind) => {
    const ms = rows.filter((r) => r[0] === kind).map((r) => r[2]);
    return `| ${kind} | ${ms.length} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} |`;
  });
}

for (const file of process.argv.slice(2)) {
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Row[];
  const lastApproval = Math.max(0, ...rows.filter((r) => r[0].startsWith('approve')).map((r) => r[1]));
  const during = rows.filter((r) => r[1] <= lastApproval);
  const after = rows.filter((r) => r[1] > lastApproval);
  const seconds = new Map<number, number>();
  for (const [kind, at, ms] of rows) {
    if (kind !== 'query') continue;
    const second = Math.floor(at / 1000);
    seconds.set(second, Math.max(seconds.get(second) ?? 0, ms));
  }
  console.log(
    [
      `## ${file}`,
      '',
      `Approvals were sent until ${(lastApproval / 1000).toFixed(1)} s into the run.`,
      '',
      '| kind | requests | p50 ms | p99 ms |',
      '|---|---:|---:|---:|',
      `| **until the last approval** | ${during.length} | | |`,
      ...table(during),
      `| **after it** | ${after.length} | | |`,
      ...table(after),
      '',
      `Slowest query due in each second: ${[...seconds]
        .sort((a, b) => a[0] - b[0])
        .map(([s, ms]) => `${s}: ${ms.toFixed(0)}`)
        .join(', ')} ms.`,
      '',
    ].join('\n'),
  );
}
