/**
 * The PDF render thread's entry (a worker thread of the production server), bundled on its own
 * by scripts/build-pdf-thread.mjs: React PDF lays a contract out in one long synchronous stretch,
 * which here holds up nothing but other PDFs.
 */
import { parentPort } from 'node:worker_threads';
import { loadRenderers, rehearseRenderers, renderPdfJob, type PdfJob } from './renderers';
import type { RenderReply } from './render-protocol';
import { lowerThisThreadPriority } from './thread-priority';

const port = parentPort;
if (!port) throw new Error('render-thread runs as a worker thread');
// PDFs are made after the commit that asks for them, so they can wait; requests cannot.
lowerThisThreadPriority();

port.on('message', ({ id, job }: { id: number; job: PdfJob }) => {
  // Buffers arrive as plain Uint8Arrays, which React PDF takes as they are (images included).
  renderPdfJob(job).then(
    (rendered) => {
      // A copy that owns its memory, so it moves to the request thread rather than being copied again.
      const bytes = new Uint8Array(rendered);
      port.postMessage({ id, bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (err: unknown) => {
      const error = err instanceof Error ? err : new Error(String(err));
      port.postMessage({ id, error: error.message, stack: error.stack } satisfies RenderReply);
    },
  );
});
port.postMessage({ ready: true } satisfies RenderReply);
// The renderers load and rehearse now rather than on the first PDFs, so a thread warmed at the
// server's start has paid for them before a burst of contracts. One that cannot load fails the
// PDFs that need it then.
void loadRenderers()
  .then(rehearseRenderers)
  .catch(() => undefined);
