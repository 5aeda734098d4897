/**
 * `npm run lint:openapi [-- <file or URL>]`: Redocly's recommended rules over /openapi.json, built
 * from code (no server needed) unless a file or a served URL is given. Fails on any error and on
 * any warning, which redocly itself lets pass.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../lib/server/openapi/document';

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

const root = path.resolve(__dirname, '..');
let target = process.argv[2];
let temp: string | undefined;
if (!target) {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-openapi-'));
  target = path.join(temp, 'openapi.json');
  fs.writeFileSync(target, JSON.stringify(openApiDocument()));
}

const run = spawnSync(
  path.join(root, 'node_modules', '.bin', 'redocly'),
  ['lint', target, '--extends=recommended', '--format=json', '--max-problems=10000'],
  {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // No usage report and no update check: CI has no business calling out.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
if (temp) fs.rmSync(temp, { recursive: true, force: true });
const start = run.stdout.indexOf('{');
if (start < 0) {
  console.error(run.stderr || run.stdout || `redocly exited with ${run.status}`);
  process.exit(1);
}
const report = JSON.parse(run.stdout.slice(start)) as { totals: { errors: number; warnings: number }; problems: Problem[] };
for (const p of report.problems) console.log(`${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
const { errors, warnings } = report.totals;
console.log(
  `redocly lint (recommended) on ${process.argv[2] ?? '/openapi.json built from code'}: ${errors} errors, ${warnings} warnings`,
);
process.exit(errors + warnings === 0 ? 0 : 1);
