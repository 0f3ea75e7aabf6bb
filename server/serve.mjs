#!/usr/bin/env node
// @ts-check
/**
 * The production server: Next.js as a custom server (`next()`, its documented request handler) on
 * an HTTP server of ours, with what production needs around it:
 *
 * - a request id on every request: the balancer's X-Request-Id when it sent a sane one, else a new
 *   UUID; Next and the app see it as that request header, the client gets it back as a response
 *   header, and it is on the request's access log line;
 * - the client's address: X-Forwarded-For and X-Real-IP replaced by the one this server can vouch
 *   for (the socket, or the proxies' header when the socket is one of TRUSTED_PROXIES), so a
 *   client cannot forge the address rate limits and the audit log use (lib/ops/client-address.mjs);
 * - JSON logs (pino, lib/log/logger.mjs): an access line per request, and Next's own console output
 *   turned into JSON lines, secrets scrubbed;
 * - a request guard in front of Next (lib/http/request-guard.mjs): unknown methods (TRACE…) are a
 *   405, addresses that don't percent-decode to UTF-8 or carry control characters a 400;
 * - graceful shutdown on SIGTERM / SIGINT: stop accepting connections, answer the requests in
 *   flight with `Connection: close` and let them finish (at most SHUTDOWN_TIMEOUT_MS, default
 *   20 s), then close the database pools and Redis connections (lib/ops/shutdown.mjs hooks) and
 *   exit 0. Started with an IPC channel (scripts/lib/build.mjs, `npm start`), it also shuts down
 *   when its parent exits, even by SIGKILL, rather than hold the port;
 * - the reader's level, decided once per request (decideReaderLevel, lib/reader/level-cookie.mjs)
 *   and handed on in the `x-reader-level` request header, which proxy.ts, the pages and the front
 *   cache use (a client's copy of that header is overwritten);
 * - the reader's cache rules (sharedCachePolicy): Next writes its ISR header (`s-maxage` of a year)
 *   over whatever proxy.ts said, so the final Cache-Control is decided here, as headers go out:
 *   a level chosen by the cookie is private, one chosen by the address may be kept by shared caches;
 * - the front cache (front-cache.mjs): repeated reader pages answered without Next.
 *
 * Why not the standalone server.js Next generates: it creates its HTTP server itself and offers no
 * way to put a listener in front of Next's, nor to drain before the pools close. The standalone
 * folder holds everything `next()` needs; the configuration frozen at build time is in
 * `<distDir>/required-server-files.json`, handed over the way server.js hands it over.
 *
 * Usage: node server/serve.mjs [path/to/standalone/server.js]   (default: server.js in the folder
 * above this one, as in the Docker image, where this folder is copied into the standalone folder;
 * only its folder is used). Environment: PORT (3000), HOSTNAME (0.0.0.0), KEEP_ALIVE_TIMEOUT (ms), as server.js reads.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { FRONT_CACHE_HEADER, createFrontCache, isReplayed } from './front-cache.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverJs = path.resolve(process.argv[2] ?? path.join(here, '..', 'server.js'));
const serverDir = path.dirname(serverJs);
if (!fs.existsSync(serverJs)) {
  console.error(`serve.mjs: no ${serverJs} (build with output: 'standalone' first)`);
  process.exit(1);
}

const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(process.env.SHUTDOWN_TIMEOUT_MS) : 20_000;
// How long idle keep-alive connections stay open after SIGTERM, for requests already on their way
// on them (a balancer reusing its connection); those are answered with Connection: close.
const idleGraceMs =
  Number(process.env.SHUTDOWN_IDLE_GRACE_MS) >= 0 && process.env.SHUTDOWN_IDLE_GRACE_MS
    ? Number(process.env.SHUTDOWN_IDLE_GRACE_MS)
    : 1_000;

// The logger and the shutdown hooks are the app's own modules; the build traced them into the
// standalone folder (the cache handlers import them), so this file needs nothing of its own.
/** @type {typeof import('../lib/log/logger.mjs')} */
const { rootLogger, accessLogger, acceptRequestId, bufferStdoutLogs, REQUEST_ID_HEADER } = await import(
  pathToFileURL(path.join(serverDir, 'lib/log/logger.mjs')).href
);
// Before any logger exists, the app's included: one buffered stream, written asynchronously.
bufferStdoutLogs();
/** @type {typeof import('../lib/ops/shutdown.mjs')} */
const { runShutdownHooks } = await import(pathToFileURL(path.join(serverDir, 'lib/ops/shutdown.mjs')).href);
/** @type {typeof import('../lib/ops/client-address.mjs')} */
const clientAddress = await import(pathToFileURL(path.join(serverDir, 'lib/ops/client-address.mjs')).href);
// TRACE, undecodable or NUL-carrying addresses: refused before Next, which would answer 500.
/** @type {typeof import('../lib/http/request-guard.mjs')} */
const { guardRequests } = await import(pathToFileURL(path.join(serverDir, 'lib/http/request-guard.mjs')).href);
// The reader's level, decided once per request here and handed to proxy.ts and the app.
/** @type {typeof import('../lib/reader/level-cookie.mjs')} */
const readerLevel = await import(pathToFileURL(path.join(serverDir, 'lib/reader/level-cookie.mjs')).href);
// Pages whose render failed on an unreachable database: 503, not Next's 500.
/** @type {typeof import('../lib/http/outage.mjs')} */
const { answerOutages } = await import(pathToFileURL(path.join(serverDir, 'lib/http/outage.mjs')).href);
/** @type {typeof import('../lib/security/security-policy.mjs')} */
const { CSP_HEADER, withoutNonceBesideHashes } = await import(pathToFileURL(path.join(serverDir, 'lib/security/security-policy.mjs')).href);

const log = rootLogger();
const accessLog = accessLogger();

// ---------------------------------------------------------------------------------------------
// Console → JSON: Next.js and libraries write plain lines; keep one log format.

/** @type {Record<'log' | 'info' | 'warn' | 'error' | 'debug', 'info' | 'warn' | 'error' | 'debug'>} */
const CONSOLE_LEVELS = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };
for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
  /** @param {unknown[]} args */
  console[/** @type {keyof typeof CONSOLE_LEVELS} */ (method)] = (...args) => {
    const error = args.find((arg) => arg instanceof Error);
    // Next's start-up lines carry ANSI colours and symbols; the message is the text.
    const text = format(...args.filter((arg) => arg !== error))
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim();
    if (error) log[level]({ err: error }, text || error.message);
    else if (text) log[level](text);
  };
}

// ---------------------------------------------------------------------------------------------
// Client addresses: replaced before anything else reads them (subscribed before the request ids).

/** @type {string[]} */
let trustedProxies;
try {
  trustedProxies = clientAddress.parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  log.fatal(`Invalid environment: TRUSTED_PROXIES ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const addressOf = clientAddress.clientAddressOf(trustedProxies);

// ---------------------------------------------------------------------------------------------
// Every request: its client address (before anything reads it), its id, its access log line.

/**
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 */
function prepareRequest(request, response) {
  clientAddress.replaceClientAddressHeaders(request, addressOf);
  const id = acceptRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  response.setHeader(REQUEST_ID_HEADER, id);
  // Decided from what Next itself will parse (the request line, the Cookie header); a client's
  // own x-reader-level is overwritten, never trusted.
  request.headers[readerLevel.READER_LEVEL_HEADER] = readerLevel.formatLevelDecision(
    readerLevel.decideReaderLevel(request.url ?? '/', request.headers.cookie),
  );
  beforeHeaders(response);
  answerOutages(request, response);
  const start = process.hrtime.bigint();
  response.once('finish', () => {
    const url = request.url ?? '';
    // Health probes every few seconds would drown the log: debug level.
    const level = /^\/api\/(health|ready)\b/.test(url) && response.statusCode < 400 ? 'debug' : 'info';
    accessLog[level](
      {
        requestId: id,
        method: request.method,
        // The path only: query strings can carry tokens.
        path: url.split('?')[0],
        status: response.statusCode,
        durationMs: Number((process.hrtime.bigint() - start) / 1_000_000n),
        cache: response.getHeader(FRONT_CACHE_HEADER) ? 'FRONT' : response.getHeader('x-nextjs-cache'),
      },
      'request',
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Last word on response headers: Node calls writeHead (explicitly or for the first body chunk)
// once per response, after Next has set everything.

/** @param {http.ServerResponse} response */
function beforeHeaders(response) {
  const writeHead = response.writeHead;
  response.writeHead = /** @type {typeof response.writeHead} */ (
    function (/** @type {any[]} */ ...args) {
      // A replay's headers were stored after this ran on them.
      if (!isReplayed(response)) {
        sharedCachePolicy(response);
        // A cached page (its own hash policy) sent where proxy.ts gave a nonce: one script policy.
        if (response.hasHeader(CSP_HEADER))
          response.setHeader(CSP_HEADER, /** @type {string | string[]} */ (withoutNonceBesideHashes(response.getHeader(CSP_HEADER))));
      }
      // Draining: the client must not send another request on this connection.
      if (stopping) response.setHeader('Connection', 'close');
      return writeHead.apply(response, /** @type {any} */ (args));
    }
  );
}

/** proxy.ts's Cache-Control for a page chosen by the reader's cookie (or query), see there. */
const READER_CACHE_HEADER = 'x-reader-cache-control';
/**
 * How long a shared cache (CDN) may keep a public reader page: a publish or an unpublish shows
 * there within SHARED_MAX_AGE_S + SHARED_STALE_S (2 minutes), while the server itself refreshes
 * its own cache at once (tags).
 */
const SHARED_MAX_AGE_S = 60;
const SHARED_STALE_S = 60;

/** @param {http.ServerResponse} response */
function sharedCachePolicy(response) {
  // Read by the front cache before this point; not for clients.
  response.removeHeader(readerLevel.RENDERED_LEVEL_HEADER);
  const chosen = response.getHeader(READER_CACHE_HEADER);
  if (chosen !== undefined) {
    response.removeHeader(READER_CACHE_HEADER);
    response.setHeader('Cache-Control', String(chosen));
    const vary = String(response.getHeader('Vary') ?? '');
    if (!/(^|,)\s*cookie\s*(,|$)/i.test(vary)) response.setHeader('Vary', vary ? `${vary}, Cookie` : 'Cookie');
    return;
  }
  // Next's ISR header (s-maxage = the revalidate time, stale-while-revalidate up to a year):
  // shorten both, so a shared cache lets go of an unpublished page within minutes.
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(String(response.getHeader('Cache-Control') ?? ''));
  if (sMaxAge) {
    const maxAge = Math.min(Number(sMaxAge[1]), SHARED_MAX_AGE_S);
    response.setHeader('Cache-Control', `public, s-maxage=${maxAge}, stale-while-revalidate=${SHARED_STALE_S}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Next as a custom server, behind the guard and the front cache.

const distDir = fs
  .readdirSync(serverDir)
  .find((name) => name.startsWith('.next') && fs.existsSync(path.join(serverDir, name, 'required-server-files.json')));
if (!distDir) {
  log.fatal(`serve.mjs: no .next*/required-server-files.json in ${serverDir} (a standalone build)`);
  process.exit(1);
}
const { config } = JSON.parse(fs.readFileSync(path.join(serverDir, distDir, 'required-server-files.json'), 'utf8'));
// As server.js does: the build's configuration (next.config.js is not in the standalone folder),
// production mode, paths relative to the standalone folder.
process.env.NODE_ENV = 'production';
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
// proxy.ts takes the level decided here (see prepareRequest) instead of deciding again.
process.env[readerLevel.DECIDED_UPSTREAM_ENV] = '1';
process.chdir(serverDir);

const port = Number.parseInt(process.env.PORT ?? '', 10) >= 0 ? Number.parseInt(process.env.PORT ?? '', 10) : 3000;
const hostname = process.env.HOSTNAME || '0.0.0.0';
/** @type {(options: { dev: boolean, dir: string, hostname: string, port: number, conf: object }) => { prepare(): Promise<void>, getRequestHandler(): http.RequestListener }} */
const next = createRequire(path.join(serverDir, 'server.js'))('next');
const app = next({ dev: false, dir: serverDir, hostname, port, conf: config });
await app.prepare();
const nextHandler = app.getRequestHandler();

/** @type {http.RequestListener} */
function toNext(request, response) {
  Promise.resolve(nextHandler(request, response)).catch((error) => {
    log.error({ err: error }, `failed to handle ${request.method} ${request.url?.split('?')[0]}`);
    if (!response.headersSent) response.writeHead(500).end('Internal Server Error');
    else response.destroy();
  });
}

const frontCache =
  process.env.FRONT_CACHE === '0'
    ? null
    : await createFrontCache(serverDir, {
        onMismatch: (url, decided, rendered) =>
          log.error({ path: url.split('?')[0], decided, rendered }, 'a page rendered at another level than decided: not cached'),
      });
/** @type {http.RequestListener} */
function frontCacheThenNext(request, response) {
  const decision = readerLevel.parseLevelDecision(request.headers[readerLevel.READER_LEVEL_HEADER]);
  const key = decision && frontCache ? frontCache.keyOf(request, decision) : null;
  if (!frontCache || key === null) return toNext(request, response);
  frontCache.handle(request, response, key).then(
    (answered) => answered || toNext(request, response),
    (error) => {
      log.error({ err: error }, 'front cache failed: passing the request to Next');
      toNext(request, response);
    },
  );
}

const guarded = guardRequests(frontCacheThenNext);
const server = http.createServer((request, response) => {
  prepareRequest(request, response);
  guarded(request, response);
});
const keepAliveTimeout = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? '', 10);
if (keepAliveTimeout >= 0) server.keepAliveTimeout = keepAliveTimeout;

// ---------------------------------------------------------------------------------------------
// Graceful shutdown.

let stopping = false;

/** @param {NodeJS.Signals | 'parent exited'} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  log.info({ signal, timeoutMs: shutdownTimeoutMs }, 'shutting down: no new connections, finishing requests in flight');
  const drained = await Promise.race([
    new Promise((resolve) => {
      // net.Server's close stops accepting; http.Server's would also drop every idle keep-alive
      // connection at once, resetting requests already on their way on one.
      net.Server.prototype.close.call(server, () => resolve(true));
      // After a moment, close connections with nothing in flight (they would hold close() open);
      // the others close after their response, which says Connection: close.
      let idle = setTimeout(
        function closeIdle() {
          server.closeIdleConnections();
          idle = setTimeout(closeIdle, 100);
        },
        Math.min(idleGraceMs, shutdownTimeoutMs),
      );
      server.once('close', () => clearTimeout(idle));
    }),
    new Promise((resolve) => setTimeout(() => resolve(false), shutdownTimeoutMs).unref()),
  ]);
  if (!drained) {
    log.warn('requests still running after the shutdown timeout: closing their connections');
    server.closeAllConnections();
  }
  const closed = await runShutdownHooks({
    timeoutMs: 5_000,
    onError: (name, error) => log.error({ err: error }, `shutdown: closing ${name} failed`),
  });
  log.info({ closed, durationMs: Date.now() - started }, 'shut down');
  process.exit(0);
}

process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
// The channel closes when the parent exits, however it died.
if (process.channel) {
  process.once('disconnect', () => void shutdown('parent exited'));
  process.channel.unref();
}

server.on('error', (error) => {
  log.fatal({ err: error }, `could not listen on ${hostname}:${port}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const address = /** @type {net.AddressInfo} */ (server.address());
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  log.info({ url: `http://${host}:${address.port}` }, `listening on http://${host}:${address.port}`);
});
