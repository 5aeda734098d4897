import fs from 'node:fs';
import path from 'node:path';

/**
 * Browser bundles of the API viewers, served from the installed packages (no CDN is reachable
 * and none is wanted). Only these names are served.
 */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.js': { file: 'swagger-ui-dist/swagger-ui-bundle.js', type: 'application/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui-dist/swagger-ui.css', type: 'text/css; charset=utf-8' },
  'redoc.js': { file: 'redoc/bundles/redoc.standalone.js', type: 'application/javascript; charset=utf-8' },
};

export function vendorAsset(name: string): { stream: fs.ReadStream; type: string; size: number } | null {
  const asset = ASSETS[name];
  if (!asset) return null;
  const full = path.join(process.cwd(), 'node_modules', asset.file);
  if (!fs.existsSync(full)) return null;
  return { stream: fs.createReadStream(full), type: asset.type, size: fs.statSync(full).size };
}
