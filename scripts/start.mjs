#!/usr/bin/env node
// Starts the platform on its embedded defaults: builds first when the build is missing or
// older than the sources, then runs the production server (server/start-server.mjs). Migrations, seed and the demo-account
// banner run inside the server process (instrumentation.ts), so PGlite has one owner.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkNode } from './check-node.mjs';

checkNode();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const buildId = path.join(root, '.next', 'BUILD_ID');
const sourceDirs = ['pages', 'components', 'lib', 'locales', 'styles', 'public', 'types'];
const sourceFiles = ['next.config.js', 'next-i18next.config.js', 'instrumentation.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsCurrent() {
  if (!fs.existsSync(buildId)) return false;
  const built = fs.statSync(buildId).mtimeMs;
  return [...sourceDirs, ...sourceFiles].every((entry) => newestMtime(entry) <= built);
}

const nextBin = path.join(root, 'node_modules', '.bin', 'next');
const pdfThread = path.join(root, '.next', 'pdf-render-thread.mjs');
if (!buildIsCurrent() || process.env.FORCE_BUILD === '1') {
  console.log('Building the platform (next build)…');
  const result = spawnSync(nextBin, ['build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The PDF render thread's script (see server/start-server.mjs), also for a build made by `next build` alone.
if (!fs.existsSync(pdfThread) || fs.statSync(pdfThread).mtimeMs < fs.statSync(buildId).mtimeMs) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-pdf-thread.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, [path.join(root, 'server', 'start-server.mjs'), '-p', port], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
