// @ts-check
/**
 * The production server: Next's request handler behind the API lane (api-lane.mjs), on one port.
 *
 *   node server/start-server.mjs [-p PORT]     (PORT, HOSTNAME and NEXT_DIST_DIR as for `next start`)
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { createApiLane } from './api-lane.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const flag = process.argv.indexOf('-p');
const port = Number(flag >= 0 ? process.argv[flag + 1] : (process.env.PORT ?? 3000));
const hostname = process.env.HOSTNAME || undefined;
const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || '.next');

process.title = 'next-server (ipl)';
// Whoever read the server's output may be gone (a pipe into a tool that exited). A write to it then
// fails with EPIPE; unhandled, that failure was logged to the same pipe, failed again, and the
// server spun a core on it for as long as it ran. The log is lost; the requests are not.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (/** @type {NodeJS.ErrnoException} */ err) => {
    if (err.code !== 'EPIPE') throw err;
  });
}
// PDFs are made in a worker thread when the build carries its script (`npm run build` adds it
// after `next build`, which empties the build directory first, so a script there is this build's).
const pdfThread = path.join(distDir, 'pdf-render-thread.mjs');
if (process.env.PDF_RENDER_THREAD === undefined && fs.existsSync(pdfThread)) process.env.PDF_RENDER_THREAD = pdfThread;
const app = next({ dev: false, dir: root, port, hostname });
await app.prepare();
const lane = createApiLane({ distDir, next: app.getRequestHandler() });

const server = http.createServer((req, res) => {
  Promise.resolve(lane(req, res)).catch((/** @type {unknown} */ err) => {
    console.error(`Failed to handle request for ${req.url}`, err);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end('Internal Server Error');
    } else res.destroy();
  });
});
// Idle keep-alive connections stay open longer than a load balancer's (60 s on most), so the
// balancer, not the app, closes them: otherwise a request can meet a socket the app just closed.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`  ▲ Ready on http://${hostname ?? 'localhost'}:${port}`));

let closing = false;
for (const [signal, code] of /** @type {const} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
])) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Requests under way finish; then Next closes what it holds.
    server.close(() => {
      void app
        .close()
        .catch((/** @type {unknown} */ err) => console.error(err))
        .finally(() => process.exit(code));
    });
    server.closeIdleConnections();
  });
}
