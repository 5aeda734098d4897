/**
 * CPU time of this machine's processes by role (app server, PostgreSQL, this bench, other), read
 * from /proc between two snapshots, so a bench can say where the cores went during its run.
 * Linux only; elsewhere the snapshot is empty and the split reads as zero.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

export type Role = 'app' | 'postgres' | 'bench' | 'other';
type Snapshot = Map<string, { role: Role; user: number; system: number }>;
/** Seconds of CPU, in user space and in the kernel. */
export interface Cpu {
  user: number;
  system: number;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

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

/** The CPU one process has used since it started, or null when it is gone (or not on Linux). */
export function cpuOf(pid: number | string): Cpu | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * The CPU a PostgreSQL server on this machine has used so far: every child of the postmaster that
 * `backendPid` (one of its connections) belongs to, the backends, WAL writer and checkpointer. Null
 * when /proc does not show it (the server elsewhere, or not Linux).
 */
export function clusterCpuOf(backendPid: number): Cpu | null {
  const parentOf = (pid: string) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  };
  let postmaster: string | undefined;
  try {
    postmaster = parentOf(String(backendPid));
  } catch {
    return null;
  }
  const total: Cpu = { user: 0, system: 0 };
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (parentOf(pid) !== postmaster) continue;
    } catch {
      continue; // gone between the listing and the read
    }
    const cpu = cpuOf(pid);
    if (!cpu) continue;
    total.user += cpu.user;
    total.system += cpu.system;
  }
  return total;
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
    const cpu = cpuOf(pid);
    // null: exited between the listing and the read
    if (cpu) out.set(pid, { role: roleOf(pid), ...cpu });
  }
  return out;
}

/**
 * The CPU each role used between two snapshots. A process started in between counts whole; one
 * that ended in between is not counted (as a pooled connection closed meanwhile).
 */
export function cpuBetween(before: Snapshot, after: Snapshot): Record<Role, Cpu> {
  const total: Record<Role, Cpu> = {
    app: { user: 0, system: 0 },
    postgres: { user: 0, system: 0 },
    bench: { user: 0, system: 0 },
    other: { user: 0, system: 0 },
  };
  for (const [pid, now] of after) {
    const then = before.get(pid);
    total[now.role].user += now.user - (then?.user ?? 0);
    total[now.role].system += now.system - (then?.system ?? 0);
  }
  return total;
}

/** Both kinds of CPU, in seconds. */
export function seconds(cpu: Cpu): number {
  return cpu.user + cpu.system;
}

/** One line: each role's share of the cores over `elapsed` seconds. */
export function describeCpu(used: Record<Role, Cpu>, elapsed: number): string {
  const capacity = elapsed * os.availableParallelism();
  const part = (role: Role, label: string) =>
    `${label} ${seconds(used[role]).toFixed(1)} s (${((100 * seconds(used[role])) / capacity).toFixed(0)} %)`;
  const idle = Math.max(0, capacity - Object.values(used).reduce((a, b) => a + seconds(b), 0));
  return `CPU during the run, of ${capacity.toFixed(0)} core-seconds: ${part('app', 'app')}, ${part('postgres', 'PostgreSQL')}, ${part('bench', 'load generator')}, ${part('other', 'other')}, idle ${idle.toFixed(1)} s.`;
}
