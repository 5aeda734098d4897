/**
 * CPU time of this machine's processes by role (app server, PostgreSQL, this bench, other), read
 * from /proc between two snapshots, so a bench can say where the cores went during its run.
 * Linux only; elsewhere the snapshot is empty and the split reads as zero.
 */
import fs from 'node:fs';
import os from 'node:os';

export type Role = 'app' | 'postgres' | 'bench' | 'other';
type Snapshot = Map<string, { role: Role; ticks: number }>;

const TICKS_PER_SECOND = 100;

function roleOf(pid: string): Role {
  if (pid === String(process.pid)) return 'bench';
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    // Next.js renames its process (process.title), which rewrites the command line.
    if (cmd.includes('start-server.mjs') || cmd.startsWith('next-server')) return 'app';
    if (cmd.startsWith('postgres')) return 'postgres';
  } catch {
    // gone between the listing and the read
  }
  return 'other';
}

export function snapshot(): Snapshot {
  const out: Snapshot = new Map();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, { role: roleOf(pid), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // exited
    }
  }
  return out;
}

/** Seconds of CPU each role used between two snapshots (processes started in between count whole). */
export function cpuBetween(before: Snapshot, after: Snapshot): Record<Role, number> {
  const total: Record<Role, number> = { app: 0, postgres: 0, bench: 0, other: 0 };
  for (const [pid, now] of after) total[now.role] += (now.ticks - (before.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND;
  return total;
}

/** One line: each role's share of the cores over `seconds`. */
export function describeCpu(used: Record<Role, number>, seconds: number): string {
  const capacity = seconds * os.availableParallelism();
  const part = (role: Role, label: string) =>
    `${label} ${used[role].toFixed(1)} s (${((100 * used[role]) / capacity).toFixed(0)} %)`;
  const idle = Math.max(0, capacity - Object.values(used).reduce((a, b) => a + b, 0));
  return `CPU during the run, of ${capacity.toFixed(0)} core-seconds: ${part('app', 'app')}, ${part('postgres', 'PostgreSQL')}, ${part('bench', 'load generator')}, ${part('other', 'other')}, idle ${idle.toFixed(1)} s.`;
}
