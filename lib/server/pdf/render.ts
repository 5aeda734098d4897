import { Worker } from 'node:worker_threads';
import { getConfig } from '../../config';
import type { RenderReply } from './render-protocol';
import { renderPdfJob, type PdfJob } from './renderers';

export type { PdfJob } from './renderers';

interface Pending {
  job: PdfJob;
  resolve: (bytes: Buffer) => void;
  reject: (err: Error) => void;
}

/**
 * Makes PDFs in a worker thread. React PDF lays out a contract in one synchronous stretch of
 * 100 ms or more; in the request thread every request that arrives meanwhile waits behind it.
 * The thread starts on the first PDF and stays (loading React PDF and the fonts again would cost
 * more than keeping them). A thread that stops fails only the PDFs it was making, and the next
 * PDF starts a new one; a script that cannot load at all (a build without it) is given up on and
 * PDFs are made in the request thread, as before.
 */
export class RenderThread {
  private worker: Worker | null = null;
  private loaded = false;
  private unusable = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly file: string) {}

  render(job: PdfJob): Promise<Buffer> {
    if (this.unusable) return renderPdfJob(job);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { job, resolve, reject });
      // Held only while PDFs are being made: an idle thread never keeps a script's process alive.
      worker.ref();
      worker.postMessage({ id, job });
    });
  }

  /** Starts the thread ahead of the first PDF, so loading React PDF is not paid inside a burst. */
  warm(): void {
    if (!this.unusable && !this.worker) this.start();
  }

  /** The thread has started and takes PDFs (it loads React PDF as it starts). */
  get ready(): boolean {
    return this.worker !== null && this.loaded;
  }

  /** Ends the thread (tests, shutdown); PDFs still being made fail. */
  async stop(): Promise<void> {
    await this.worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.file);
    this.worker = worker;
    this.loaded = false;
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      if ('ready' in reply) {
        this.loaded = true;
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('bytes' in reply) waiting.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      else waiting.reject(Object.assign(new Error(reply.error), { stack: reply.stack }));
    });
    let failure: Error | null = null;
    worker.on('error', (err) => {
      failure = err;
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      if (!this.loaded) {
        this.unusable = true;
        console.error(
          `[pdf] the render thread ${this.file} could not start; PDFs are made in the request thread:`,
          failure?.message ?? `exit ${code}`,
        );
        for (const w of waiting) renderPdfJob(w.job).then(w.resolve, w.reject);
        return;
      }
      const err = failure ?? new Error(`the PDF render thread stopped (exit code ${code})`);
      for (const w of waiting) w.reject(err);
    });
    return worker;
  }
}

const threadKey = Symbol.for('ipl.pdf-render-thread');
type GlobalWithThread = typeof globalThis & { [threadKey]?: RenderThread };

/**
 * One PDF: in the render thread when the server runs one (PDF_RENDER_THREAD), else here. One
 * thread per process, whichever bundle of the build asks.
 */
export function renderPdf(job: PdfJob): Promise<Buffer> {
  const file = getConfig().pdfRenderThread;
  if (!file) return renderPdfJob(job);
  const g = globalThis as GlobalWithThread;
  return (g[threadKey] ??= new RenderThread(file)).render(job);
}

/** Starts the render thread now, when the server runs one. */
export function warmRenderThread(): void {
  const file = getConfig().pdfRenderThread;
  if (!file) return;
  const g = globalThis as GlobalWithThread;
  (g[threadKey] ??= new RenderThread(file)).warm();
}
