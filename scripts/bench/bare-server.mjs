// @ts-check
/**
 * The machine's limit (`npm run bench`, scripts/bench/film-page-limit.ts and catalogue.ts): a bare
 * node:http server that answers with recorded responses, the exact status, headers and body bytes
 * the standalone server sent. One response answers every request; with `byPath`, each recorded
 * address gets its own (a catalogue: the load generator then reads the same bytes from both
 * servers, which matters: autocannon decodes every body as text, and decoding 1,000 different
 * gzip bodies costs it several times what decoding one body over and over does). With `byCookie`,
 * a request carrying exactly one of its Cookie headers gets that reader's recorded address instead
 * (the shared-cache group: each kind of reader gets the bytes the cache gives it).
 *
 * Usage: node bare-server.mjs RESPONSES.json   (prints `listening PORT` once it listens on 127.0.0.1)
 */
import fs from 'node:fs';
import http from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: node bare-server.mjs RESPONSES.json');
/**
 * @typedef {{ status: number, headers: Array<[string, string]>, bodyBase64: string }} Recorded
 * @type {Recorded & { byPath?: Record<string, Recorded>, byCookie?: Record<string, Record<string, Recorded>> }}
 */
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
/** @param {Recorded} response */
const prepared = (response) => ({
  status: response.status,
  headers: response.headers.flat(),
  body: Buffer.from(response.bodyBase64, 'base64'),
});
const fallback = prepared(recorded);
/** @param {Record<string, Recorded>} [responses] */
const byAddress = (responses = {}) => new Map(Object.entries(responses).map(([address, response]) => [address, prepared(response)]));
const byPath = byAddress(recorded.byPath);
const byCookie = new Map(Object.entries(recorded.byCookie ?? {}).map(([cookie, responses]) => [cookie, byAddress(responses)]));

const server = http.createServer((request, response) => {
  request.resume();
  const cookie = request.headers.cookie;
  const answer = (cookie === undefined ? byPath : (byCookie.get(cookie) ?? byPath)).get(request.url ?? '') ?? fallback;
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
// An optional port (BENCH_BARE_PORT), else any free one.
server.listen(Number(process.env.BENCH_BARE_PORT) || 0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
