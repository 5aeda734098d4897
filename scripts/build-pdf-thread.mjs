#!/usr/bin/env node
// Bundles the PDF render thread (lib/server/pdf/render-thread.ts) into the build, after `next build`
// (which empties .next): the worker thread loads this one file, not Next's bundles. Packages stay
// in node_modules, as for the server itself.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The thread's script in the build, where server/start-server.mjs and scripts/start.mjs look for it. */
const PDF_THREAD_FILE = 'pdf-render-thread.mjs';

/** @param {string} outDir */
export async function buildPdfThread(outDir) {
  const outfile = path.join(outDir, PDF_THREAD_FILE);
  await build({
    entryPoints: [path.join(root, 'lib', 'server', 'pdf', 'render-thread.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const distDir = path.resolve(root, process.argv[2] ?? process.env.NEXT_DIST_DIR ?? '.next');
  console.log(`PDF render thread: ${path.relative(root, await buildPdfThread(distDir))}`);
}
