import fs from 'node:fs';
import path from 'node:path';

/**
 * Browser bundles of the API viewers, served from the installed packages (no CDN is reachable
 * and none is wanted). Only these names are served.
 */
type Asset =
  | {
      file: string;
      type: string;
      /** Third-party addresses the bundle would fetch by itself, each replaced by a local one. */
      rewrite?: Record<string, string>;
    }
  /** A document of our own, kept as the bytes it is sent as. */
  | { body: Buffer; type: string };

// ReDoc's sidebar footer always shows its maker's logo from cdn.redoc.ly: offline that fails
// (a console error on an admin page) and online it tells a third party who reads our API.
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

/**
 * ReDoc's own document, for the iframe on /sys/redoc (why: components/docs/ApiViewer.tsx). The
 * bundle starts by itself on the <redoc> element above it.
 */
const REDOC_PAGE = [
  '<!doctype html>',
  '<html lang="en">',
  '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>API reference</title><style>body{margin:0}</style></head>',
  '<body><redoc spec-url="/openapi.json"></redoc><script src="/api/assets/redoc.js"></script></body>',
  '</html>',
].join('');

const ASSETS: Record<string, Asset> = {
  'swagger-ui.js': { file: 'swagger-ui-dist/swagger-ui-bundle.js', type: 'application/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui-dist/swagger-ui.css', type: 'text/css; charset=utf-8' },
  'redoc.js': {
    file: 'redoc/bundles/redoc.standalone.js',
    type: 'application/javascript; charset=utf-8',
    rewrite: { [REDOC_LOGO]: BLANK_SVG },
  },
  'redoc.html': { body: Buffer.from(REDOC_PAGE, 'utf8'), type: 'text/html; charset=utf-8' },
};

const rewritten = new Map<string, Buffer>();

function rewrittenBody(full: string, rewrite: Record<string, string>): Buffer {
  let body = rewritten.get(full);
  if (!body) {
    let text = fs.readFileSync(full, 'utf8');
    for (const [from, to] of Object.entries(rewrite)) text = text.split(from).join(to);
    body = Buffer.from(text, 'utf8');
    rewritten.set(full, body);
  }
  return body;
}

export type VendorAsset = { type: string; size: number } & ({ stream: fs.ReadStream } | { body: Buffer });

export function vendorAsset(name: string): VendorAsset | null {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return null;
  if ('body' in asset) return { body: asset.body, type: asset.type, size: asset.body.length };
  const full = path.join(process.cwd(), 'node_modules', asset.file);
  if (!fs.existsSync(full)) return null;
  if (asset.rewrite) {
    const body = rewrittenBody(full, asset.rewrite);
    return { body, type: asset.type, size: body.length };
  }
  return { stream: fs.createReadStream(full), type: asset.type, size: fs.statSync(full).size };
}
