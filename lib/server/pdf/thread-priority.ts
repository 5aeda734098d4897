import fs from 'node:fs';
import os from 'node:os';

/**
 * How far below the request thread the PDF render thread runs (a nice value, 0–19). A contract
 * takes some 170 ms of CPU; a burst of final approvals would otherwise take both cores from the
 * requests for seconds. At 10 the kernel gives a busy request thread about ten times its share,
 * and the PDFs still use every moment the requests leave idle.
 */
export const PDF_THREAD_NICE = 10;

/**
 * Lowers the calling thread's CPU priority. On Linux a thread is a task of its own with its own
 * nice value, named by /proc/thread-self; elsewhere (or without /proc) nothing changes and the
 * thread keeps the process's priority. Returns the task id changed, or null.
 */
export function lowerThisThreadPriority(nice: number = PDF_THREAD_NICE): number | null {
  try {
    const tid = Number(lastSegment(fs.readlinkSync('/proc/thread-self')));
    if (!Number.isInteger(tid) || tid <= 0) return null;
    os.setPriority(tid, Math.max(os.getPriority(tid), nice));
    return tid;
  } catch {
    // Not Linux, or no /proc: a PDF made at normal priority is still right, only less polite.
    return null;
  }
}

function lastSegment(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}
