/**
 * The PDF render thread: the script the build bundles makes the same PDFs as the request thread
 * (images included, which cross the thread as plain Uint8Arrays), a thread that dies fails only the PDF
 * it was making and the next PDF starts another, and a script that cannot load leaves PDFs to
 * the request thread.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractPdfInput, SignaturePagesInput } from '@/lib/server/contracts/contract-pdf';
import { RenderThread, type PdfJob } from '@/lib/server/pdf/render';
import { renderPdfJob } from '@/lib/server/pdf/renderers';
import { PDF_THREAD_NICE, thisThreadTaskId } from '@/lib/server/pdf/thread-priority';
// @ts-expect-error -- a build script in plain JavaScript, with no declarations
import { buildPdfThread } from '../../scripts/build-pdf-thread.mjs';

// Inside the project, so the bundle finds its packages in node_modules as it does in .next.
const dir = path.join(process.cwd(), 'node_modules', '.cache', 'pdf-render-thread-test');
const threads: RenderThread[] = [];

function threadOf(file: string): RenderThread {
  const thread = new RenderThread(file);
  threads.push(thread);
  return thread;
}

async function textOf(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  // The creation time differs between two renders; everything else must not.
  return text.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/g, 'TIME');
}

const contract: ContractPdfInput = {
  contractNumber: 'LIC-2026-0042',
  revision: 2,
  generatedAt: new Date('2026-11-01T03:00:00Z'),
  lang: 'jp',
  ipImage: null,
  terms: {
    license: 'license-key',
    reference: 'LIC-2026-0042',
    holder: { key: 'holder-key', name: 'カルビー株式会社' },
    licensee: { key: 'licensee-key', name: '株式会社サンプル玩具', address: '東京都千代田区1-1' },
    ip: { key: 'ip-key', name: 'ポテトくん', image: null, reference: 'IP-2026-0007' },
    territory: ['JP'],
    channels: ['retail'],
    categories: ['toys'],
    term_start: '2026-12-01T00:00:00.000Z',
    term_end: '2027-11-30T00:00:00.000Z',
    royalty_rate_bp: 1250,
    minimum_guarantee: 500000,
    advance: 100000,
    currency: 'JPY',
    termsVersions: { common: '2026-04', licensee: '2026-04' },
  },
};

let signaturePages: SignaturePagesInput;
let threadFile = '';

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  threadFile = await buildPdfThread(dir);
  const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const signature = (party: 'licensee' | 'holder', name: string) => ({
    party,
    typedName: name,
    account: `${name}\n${party}@example.com`,
    signedAt: new Date('2026-11-02T01:02:03Z'),
    ip: '192.0.2.1',
    userAgent: 'Mozilla/5.0',
    sha256: 'a'.repeat(64),
    image,
  });
  signaturePages = {
    contractNumber: 'LIC-2026-0042',
    revision: 2,
    sha256: 'b'.repeat(64),
    lang: 'en',
    signatures: [signature('licensee', 'Hanako Yamada'), signature('holder', 'Taro Suzuki')],
    events: [{ time: new Date('2026-11-02T01:02:03Z'), event: 'signed', actor: 'Hanako Yamada', ip: '192.0.2.1', sha256: null }],
  };
}, 60_000);

afterAll(async () => {
  for (const thread of threads) await thread.stop();
});

describe('the PDF render thread', () => {
  it('makes the same contract and signature pages as the request thread, images included', async () => {
    const thread = threadOf(threadFile);
    for (const job of [
      { kind: 'contract', input: contract },
      { kind: 'signature-pages', input: signaturePages },
    ] satisfies PdfJob[]) {
      const [there, here] = await Promise.all([thread.render(job), renderPdfJob(job)]);
      expect(there.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await textOf(there)).toBe(await textOf(here));
      expect(await textOf(there)).toContain(job.kind === 'contract' ? 'ポテトくん' : 'Hanako Yamada');
    }
    // The signature images crossed the thread as plain bytes and were drawn: the file holds them.
    const withImages = await thread.render({ kind: 'signature-pages', input: signaturePages });
    const withoutImages = await thread.render({
      kind: 'signature-pages',
      input: { ...signaturePages, signatures: signaturePages.signatures.map((s) => ({ ...s, image: null })) },
    });
    expect(withImages.toString('latin1')).toContain('/Subtype /Image');
    expect(withoutImages.toString('latin1')).not.toContain('/Subtype /Image');
  }, 60_000);

  /** The nice value of each of this process's threads (Linux tasks) by task id. */
  function niceOfTasks(): Map<number, number> {
    const tasks = fs.readdirSync('/proc/self/task').map(Number);
    // Field 19 of stat is the nice value; the command name (field 2) may hold spaces, so count from its end.
    return new Map(
      tasks.map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return [tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
      }),
    );
  }

  it.runIf(fs.existsSync('/proc/thread-self'))(
    'runs below the request thread, which keeps its priority',
    async () => {
      const self = thisThreadTaskId()!;
      const before = niceOfTasks();
      const thread = threadOf(threadFile);
      expect((await thread.render({ kind: 'contract', input: contract })).subarray(0, 5).toString()).toBe('%PDF-');
      const after = niceOfTasks();
      const started = [...after].filter(([tid]) => !before.has(tid));
      // The render thread is one of the tasks its start added (Node adds a few of its own per
      // worker); it starts at this thread's priority and lowers its own, never raises it.
      const own = before.get(self)!;
      expect(started.some(([, nice]) => nice === Math.max(own, PDF_THREAD_NICE))).toBe(true);
      // The thread running the requests (here: this test's) is untouched.
      expect(after.get(self)).toBe(own);
    },
    60_000,
  );

  it('starts and loads when warmed, before any PDF is asked of it', async () => {
    const thread = threadOf(threadFile);
    expect(thread.ready).toBe(false);
    thread.warm();
    await vi.waitFor(() => expect(thread.ready).toBe(true), { timeout: 30_000 });
    expect((await thread.render({ kind: 'contract', input: contract })).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails only the PDF a dying thread was making, and starts another for the next', async () => {
    const file = path.join(dir, 'dies-on-crash.mjs');
    fs.writeFileSync(
      file,
      `import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, job }) => {
  if (job.input.crash) process.exit(3);
  const bytes = new TextEncoder().encode('made ' + job.input.name);
  parentPort.postMessage({ id, bytes }, [bytes.buffer]);
});`,
    );
    const thread = threadOf(file);
    const job = (input: Record<string, unknown>) => ({ kind: 'contract', input }) as unknown as PdfJob;
    expect((await thread.render(job({ name: 'first' }))).toString()).toBe('made first');
    await expect(thread.render(job({ crash: true }))).rejects.toThrow(/exit code 3/);
    expect((await thread.render(job({ name: 'after' }))).toString()).toBe('made after');
  }, 30_000);

  it('makes PDFs in the request thread when its script cannot load', async () => {
    const file = path.join(dir, 'cannot-load.mjs');
    fs.writeFileSync(file, `throw new Error('a build without the renderer');\n`);
    const thread = threadOf(file);
    const job = { kind: 'contract', input: contract } satisfies PdfJob;
    const first = await thread.render(job);
    expect(await textOf(first)).toContain('ポテトくん');
    // Given up on: later PDFs do not try the script again.
    expect(await textOf(await thread.render(job))).toContain('LIC-2026-0042');
  }, 60_000);
});
