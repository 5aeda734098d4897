#!/usr/bin/env node
// The platform runs on the Node that `npm ci` installs with the dependencies (the `node` dev
// dependency, first on PATH in `npm run …` and `npx …`). A server or a test run started by the
// machine's own, older Node would fail later in confusing ways (dependencies that need Node 22+),
// so the entry points stop here with a message that says what to do.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lowest major version package.json's engines.node accepts (">=24" → 24). */
export function requiredNodeMajor() {
  const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Number(/(\d+)/.exec(engines?.node ?? '')?.[1] ?? 0);
}

export function checkNode() {
  const major = Number(process.versions.node.split('.')[0]);
  const required = requiredNodeMajor();
  if (major >= required) return;
  console.error(
    `The platform needs Node ${required} or later; this is Node ${process.version} (${process.execPath}).\n` +
      `Run it through npm (npm start, npm test, npx …): after npm ci they use the Node ${required} installed ` +
      `in node_modules/.bin.`,
  );
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkNode();
  console.log(`Node ${process.version} (${path.relative(root, process.execPath) || process.execPath})`);
}
