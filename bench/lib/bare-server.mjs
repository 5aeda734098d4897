// @ts-check
/**
 * The naive server bench/api.ts compares the platform with: node:http and pg, one statement per
 * request, rows parsed and written out again as JSON. It runs in a process of its own, as the
 * platform does, so neither shares an event loop with the load generator.
 *
 *   node bench/lib/bare-server.mjs <database url> <sql> <params as JSON>   (prints its port)
 */
import http from 'node:http';
import pg from 'pg';

const [url, sql, params] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const values = JSON.parse(params ?? '[]');

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c.toString()));
  req.on('end', async () => {
    try {
      JSON.parse(body);
      const { rows } = await pool.query(String(sql), values);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 0, data: { items: rows.slice(0, 20), nextCursor: null } }));
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : '');
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
