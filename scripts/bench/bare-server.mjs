// @ts-check
/**
 * The machine's limit for the film page (`npm run bench`, scripts/bench/film-page-limit.ts): a
 * bare node:http server that answers every request with one recorded response, the exact status,
 * headers and body bytes the standalone server sent for the cached film page.
 *
 * Usage: node bare-server.mjs RESPONSE.json   (prints `listening PORT` once it listens on 127.0.0.1)
 */
import fs from 'node:fs';
import http from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: node bare-server.mjs RESPONSE.json');
/** @type {{ status: number, headers: Array<[string, string]>, bodyBase64: string }} */
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
const body = Buffer.from(recorded.bodyBase64, 'base64');
const headers = recorded.headers.flat();

const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(recorded.status, headers);
  response.end(body);
});
// An optional port (BENCH_BARE_PORT), else any free one.
server.listen(Number(process.env.BENCH_BARE_PORT) || 0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
