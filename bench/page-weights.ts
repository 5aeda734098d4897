/**
 * bench/page-weights: first-load JavaScript per page from the production build (the chunks of
 * _app plus the page's own, each counted once), raw and gzipped, against the 200 kB gzip budget
 * of DESIGN §10. Reads NEXT_DIST_DIR (default .next); run after `npx next build`.
 *
 *   npx tsx bench/page-weights.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 200;
const dist = path.resolve(__dirname, '..', process.env.NEXT_DIST_DIR || '.next');

interface Weight {
  page: string;
  raw: number;
  gzip: number;
}

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string): { raw: number; gzip: number } {
  let known = sizes.get(file);
  if (!known) {
    const bytes = fs.readFileSync(path.join(dist, file));
    known = { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, known);
  }
  return known;
}

export function pageWeights(): Weight[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as {
    pages: Record<string, string[]>;
    polyfillFiles?: string[];
    rootMainFiles?: string[];
  };
  const shared = [...(manifest.pages['/_app'] ?? []), ...(manifest.polyfillFiles ?? []), ...(manifest.rootMainFiles ?? [])];
  return Object.entries(manifest.pages)
    .filter(([page]) => !page.startsWith('/_'))
    .map(([page, files]) => {
      const js = [...new Set([...shared, ...files])].filter((f) => f.endsWith('.js'));
      return js.reduce<Weight>(
        (w, f) => {
          const s = sizeOf(f);
          return { page, raw: w.raw + s.raw, gzip: w.gzip + s.gzip };
        },
        { page, raw: 0, gzip: 0 },
      );
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export function pageWeightsReport(): string {
  const weights = pageWeights();
  const kb = (n: number) => (n / 1024).toFixed(1);
  const over = weights.filter((w) => w.gzip / 1024 > BUDGET_KB);
  return [
    '## First-load JavaScript per page',
    '',
    `From \`${path.relative(process.cwd(), dist) || '.'}/build-manifest.json\`: the chunks of _app and of the page, each once. Budget ${BUDGET_KB} kB gzipped.`,
    '',
    '| page | raw kB | gzip kB | within budget |',
    '|---|---:|---:|:---:|',
    ...weights.map((w) => `| \`${w.page}\` | ${kb(w.raw)} | ${kb(w.gzip)} | ${w.gzip / 1024 <= BUDGET_KB ? 'yes' : '**no**'} |`),
    '',
    over.length
      ? `${over.length} page(s) over budget.`
      : `Every page is within ${BUDGET_KB} kB gzipped (largest ${kb(weights[0]?.gzip ?? 0)} kB).`,
  ].join('\n');
}

if (require.main === module) {
  const text = pageWeightsReport();
  console.log(text);
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'page-weights.md'), text + '\n');
}
