/**
 * The functions with the most self time in V8 CPU profiles (.cpuprofile, as `node --cpu-prof`
 * or BENCH_CPU_PROF writes them), summed over the files given, as a markdown table.
 *
 *   npx tsx bench/lib/cpu-top.ts <profile.cpuprofile>... [--top 10]
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, short: the package for node_modules, else the path from the build or the project. */
function place(url: string, line: number): string {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  const short = modules >= 0 ? url.slice(modules + 'node_modules/'.length) : url.replace(/^.*\/(\.next[^/]*\/)/, '$1');
  return `${short.replace(/^file:\/\//, '')}:${line + 1}`;
}

export function selfTimes(profiles: Profile[]): { name: string; ms: number }[] {
  const totals = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)?.callFrame;
      if (!frame) return;
      const name = `${frame.functionName || '(anonymous)'} ${place(frame.url, frame.lineNumber)}`.trim();
      totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
  }
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

function main() {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 10;
  const profiles = args.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Profile);
  const times = selfTimes(profiles);
  const busy = times.filter((t) => !t.name.startsWith('(idle)') && !t.name.startsWith('(program)'));
  const total = busy.reduce((sum, t) => sum + t.ms, 0);
  console.log(
    `Profiles: ${args.map((a) => path.basename(a)).join(', ')}; busy ${total.toFixed(0)} ms (idle and (program) left out).\n`,
  );
  console.log('| # | function (where) | self ms | % of busy |\n|---:|---|---:|---:|');
  busy
    .slice(0, top)
    .forEach((t, i) => console.log(`| ${i + 1} | \`${t.name}\` | ${t.ms.toFixed(0)} | ${((100 * t.ms) / total).toFixed(1)} |`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) main();
