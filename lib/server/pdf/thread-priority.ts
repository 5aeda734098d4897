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
 * The calling thread's task id: on Linux a thread is a task of its own, with its own nice value,
 * named by /proc/thread-self. Null elsewhere (or without /proc).
 */
export function thisThreadTaskId(): number | null {
  try {
    const link = fs.readlinkSync('/proc/thread-self');
    const tid = Number(link.slice(link.lastIndexOf('/') + 1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's CPU priority to PDF_THREAD_NICE (never raises it). Without a task id
 * of its own the thread keeps the process's priority: a PDF made at normal priority is still
 * right, only less polite.
 */
export function lowerThisThreadPriority(): void {
  const tid = thisThreadTaskId();
  if (tid === null) return;
  try {
    os.setPriority(tid, Math.max(os.getPriority(tid), PDF_THREAD_NICE));
  } catch {
    // Not allowed here (a sandbox without setpriority): the same as above.
  }
}
