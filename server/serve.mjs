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
 * - JSON logs (pino, lib/log/logger.mjs): an access line per request (its path as loggedPath
 *   shows it: no query, no token), and Next's own console output turned into JSON lines, secrets
 *   scrubbed;
 * - a request guard in front of Next (lib/http/request-guard.mjs): unknown methods (TRACE…) are a
 *   405, addresses that don't percent-decode to UTF-8 or carry control characters a 400, requests
 *   to switch protocols (WebSocket) a 400 that closes the connection;
 * - bounded connections: headers, request and keep-alive timeouts (HEADERS_TIMEOUT_MS,
 *   REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT);
 * - graceful shutdown on SIGTERM / SIGINT: stop accepting connections, answer the requests in
 *   flight, and any arriving on an open connection, with `Connection: close` and let them finish,
 *   idle keep-alive connections closing at their keep-alive timeout (at most SHUTDOWN_TIMEOUT_MS,
 *   default 20 s, in all), then close the database pools and Redis connections
 *   (lib/ops/shutdown.mjs hooks) and exit 0. Started with an IPC channel (scripts/lib/build.mjs, `npm start`), it also shuts down
 *   when its parent exits, even by SIGKILL, rather than hold the port;
 * - the reader's level, decided once per request (decideReaderLevel, lib/reader/level-cookie.mjs)
 *   and handed on in the `x-reader-level` request header, which proxy.ts, the pages and the front
 *   cache use (a client's copy of that header is overwritten);
 * - the reader's cache rules (sharedCachePolicy, privateForRequest): Next writes its ISR header
 *   (`s-maxage` of a year) over whatever proxy.ts said, so the final Cache-Control is decided here,
 *   as headers go out: reader pages are public with their tags (Surrogate-Key), whether the address
 *   or the spoilers cookie chose the level, unless the request carries credentials or a spoilers
 *   cookie not every parser reads alike;
 * - the front cache (front-cache.mjs): repeated reader pages answered without Next;
 * - metrics (lib/metrics/metrics.mjs): every request counted and timed by its route pattern
 *   (route-pattern.mjs, from the build's route manifest); with METRICS_PORT, `GET /metrics` on a
 *   second server bound to 127.0.0.1 only, without a token (the main port's /metrics wants
 *   METRICS_TOKEN: app/metrics/route.ts).
 *
 * Why not the standalone server.js Next generates: it creates its HTTP server itself and offers no
 * way to put a listener in front of Next's, nor to drain before the pools close. The standalone
 * folder holds everything `next()` needs; the configuration frozen at build time is in
 * `<distDir>/required-server-files.json`, handed over the way server.js hands it over.
 *
 * Usage: node server/serve.mjs [path/to/standalone/server.js]   (default: server.js in the folder
 * above this one, as in the Docker image, where this folder is copied into the standalone folder;
 * only its folder is used). Environment: PORT (3000), HOSTNAME (0.0.0.0), KEEP_ALIVE_TIMEOUT (ms),
 * as server.js reads; HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS, TRUSTED_PROXIES,
 * FRONT_CACHE, LOG_LEVEL, METRICS_PORT, CACHE_PURGE_URLS.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { FRONT_CACHE_HEADER, createFrontCache, isReplayed, renderedPathOf } from './front-cache.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverJs = path.resolve(process.argv[2] ?? path.join(here, '..', 'server.js'));
const serverDir = path.dirname(serverJs);
if (!fs.existsSync(serverJs)) {
  console.error(`serve.mjs: no ${serverJs} (build with output: 'standalone' first)`);
  process.exit(1);
}

// The variables this file reads (lib/ops/server-env.mjs: their schemas, part of lib/env.ts's), all
// read here, first: a malformed one stops the server with one line naming it.
/** @type {typeof import('../lib/ops/server-env.mjs')} */
const { serverVariable } = await import(pathToFileURL(path.join(serverDir, 'lib/ops/server-env.mjs')).href);
/** @type {<T>(read: () => T) => T} */
const valid = (read) => {
  try {
    return read();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
};
const shutdownTimeoutMs = valid(() => serverVariable('SHUTDOWN_TIMEOUT_MS'));
// No connection is held open without bounds. The request's headers must arrive within
// HEADERS_TIMEOUT_MS and the whole request (an upload of 15 MiB on a slow link) within
// REQUEST_TIMEOUT_MS, else Node answers 408 and closes the connection (also one that sends
// nothing); an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT (the `Keep-Alive:
// timeout=` clients are told). Behind a balancer that reuses connections, KEEP_ALIVE_TIMEOUT goes
// above the balancer's own idle timeout.
const headersTimeoutMs = valid(() => serverVariable('HEADERS_TIMEOUT_MS'));
const requestTimeoutMs = valid(() => serverVariable('REQUEST_TIMEOUT_MS'));
const keepAliveTimeoutMs = valid(() => serverVariable('KEEP_ALIVE_TIMEOUT'));
const port = valid(() => serverVariable('PORT'));
const hostname = valid(() => serverVariable('HOSTNAME'));
const frontCacheOn = valid(() => serverVariable('FRONT_CACHE')) === '1';
const frontCacheMaxMb = valid(() => serverVariable('FRONT_CACHE_MAX_MB'));
const metricsPort = valid(() => serverVariable('METRICS_PORT')) ?? null;
const trustedProxiesText = valid(() => serverVariable('TRUSTED_PROXIES'));
const purgeUrls = valid(() => serverVariable('CACHE_PURGE_URLS'));

// The logger and the shutdown hooks are the app's own modules; the build traced them into the
// standalone folder (the cache handlers import them), so this file needs nothing of its own.
/** @type {typeof import('../lib/log/logger.mjs')} */
const { rootLogger, accessLogger, acceptRequestId, bufferStdoutLogs, loggedPath, REQUEST_ID_HEADER } = await import(
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
// A page's tags (the page cache's record) and the names shared caches know them by.
/** @type {typeof import('../lib/cache/tag-versions.mjs')} */
const versions = await import(pathToFileURL(path.join(serverDir, 'lib/cache/tag-versions.mjs')).href);
/** @type {typeof import('../lib/cache/surrogate-keys.mjs')} */
const surrogateKeys = await import(pathToFileURL(path.join(serverDir, 'lib/cache/surrogate-keys.mjs')).href);
// A page's status chosen by proxy.ts (a used one-time link's page: 410).
/** @type {typeof import('../lib/http/page-status.mjs')} */
const { pageStatus } = await import(pathToFileURL(path.join(serverDir, 'lib/http/page-status.mjs')).href);
/** @type {typeof import('../lib/http/body-limits.mjs')} */
const { SESSION_COOKIE } = await import(pathToFileURL(path.join(serverDir, 'lib/http/body-limits.mjs')).href);
// Pages whose render failed on an unreachable database: 503, not Next's 500.
/** @type {typeof import('../lib/http/outage.mjs')} */
const { answerOutages } = await import(pathToFileURL(path.join(serverDir, 'lib/http/outage.mjs')).href);
/** @type {typeof import('../lib/metrics/metrics.mjs')} */
const metrics = await import(pathToFileURL(path.join(serverDir, 'lib/metrics/metrics.mjs')).href);
/** @type {typeof import('../lib/metrics/route-pattern.mjs')} */
const { routePatternMatcher, methodLabel } = await import(pathToFileURL(path.join(serverDir, 'lib/metrics/route-pattern.mjs')).href);
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
  trustedProxies = clientAddress.parseTrustedProxies(trustedProxiesText);
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
  // Its first request: the shutdown's timeout for silent connections no longer applies to it.
  if (unused.delete(request.socket) && stopping) request.socket.setTimeout(0);
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
    metrics.observeRequest({
      route: routeOf(url),
      method: methodLabel(request.method),
      status: response.statusCode,
      seconds: Number(process.hrtime.bigint() - start) / 1e9,
    });
    // Health probes every few seconds would drown the log: debug level.
    const level = /^\/api\/(health|ready)\b/.test(url) && response.statusCode < 400 ? 'debug' : 'info';
    accessLog[level](
      {
        requestId: id,
        method: request.method,
        path: loggedPath(url),
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
      const status = pageStatus(response, typeof args[0] === 'number' ? args[0] : response.statusCode);
      // A replay's headers were stored after this ran on them.
      if (!isReplayed(response)) {
        sharedCachePolicy(response, status);
        // A cached page (its own hash policy) sent where proxy.ts gave a nonce: one script policy.
        if (response.hasHeader(CSP_HEADER))
          response.setHeader(CSP_HEADER, /** @type {string | string[]} */ (withoutNonceBesideHashes(response.getHeader(CSP_HEADER))));
      }
      privateForRequest(response);
      if (typeof args[0] === 'number' && args[0] !== status) {
        args[0] = status;
        // writeHead(status, statusMessage, headers): the message Next gave was its status's.
        if (typeof args[1] === 'string') args[1] = http.STATUS_CODES[status] ?? '';
      } else response.statusCode = status;
      // Draining: the client must not send another request on this connection.
      if (stopping) response.setHeader('Connection', 'close');
      return writeHead.apply(response, /** @type {any} */ (args));
    }
  );
}

/** proxy.ts's mark on a page chosen by the reader's cookie (its value: the header to send when the page is not Next's cached one). */
const READER_CACHE_HEADER = 'x-reader-cache-control';
/**
 * How long a shared cache may keep a reader page (docs/deploy.md, "Caching by CDNs and proxies").
 * With CACHE_PURGE_URLS every change purges the caches by tag before it is acknowledged, so a day;
 * without, or for a page whose tags are not known yet, a publish reaches the cache's readers within
 * SHARED_MAX_AGE_S + SHARED_STALE_S. Browsers revalidate every time (max-age=0).
 */
const PURGED_MAX_AGE_S = 86_400;
const SHARED_MAX_AGE_S = 60;
const SHARED_STALE_S = 30;
const purged = purgeUrls.split(',').some((url) => url.trim() !== '');

/**
 * The reader's cache rules, as the headers go out (Next writes its ISR header, `s-maxage` of a year,
 * over whatever proxy.ts said). A reader page (Next's cached page, or one proxy.ts chose by the
 * cookie) is public with its tags (Surrogate-Key, Cache-Tag); chosen by the cookie it also says
 * `Vary: Cookie` (a cache that keys on the whole Cookie header is then safe; the shipped one keys on
 * the spoilers cookie's raw value, deploy/varnish.vcl). privateForRequest may still take it back.
 * @param {http.ServerResponse} response
 * @param {number} status the status going out (pageStatus's)
 */
function sharedCachePolicy(response, status) {
  // Read by the front cache before this point; not for clients.
  response.removeHeader(readerLevel.RENDERED_LEVEL_HEADER);
  const chosen = response.getHeader(READER_CACHE_HEADER);
  response.removeHeader(READER_CACHE_HEADER);
  if (chosen !== undefined) {
    const vary = String(response.getHeader('Vary') ?? '');
    if (!/(^|,)\s*cookie\s*(,|$)/i.test(vary)) response.setHeader('Vary', vary ? `${vary}, Cookie` : 'Cookie');
  }
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(String(response.getHeader('Cache-Control') ?? ''));
  // Not Next's cached page (an error, a dynamic page): proxy.ts's private header when it chose.
  if (!sMaxAge) {
    if (chosen !== undefined) response.setHeader('Cache-Control', String(chosen));
    return;
  }
  // Next's cached page sent with an error status of proxy.ts's (a translation's 404 page): kept by
  // no cache, as Next's own 404 is, so a page published at that address shows on the next request.
  if (status >= 400) {
    response.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    return;
  }
  const request = /** @type {http.IncomingMessage} */ (/** @type {any} */ (response).req);
  const pageTags = versions.pageTagsOf(renderedPathOf(request, response) ?? '/');
  const keys = surrogateKeys.surrogateKeysOf(pageTags, [pathOnly(request.url ?? '/')]);
  const maxAge = purged && pageTags !== null && keys.length > 0 ? PURGED_MAX_AGE_S : Math.min(Number(sMaxAge[1]), SHARED_MAX_AGE_S);
  response.setHeader('Cache-Control', `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${SHARED_STALE_S}`);
  if (keys.length > 0) {
    response.setHeader(surrogateKeys.SURROGATE_KEY_HEADER, keys.join(' '));
    response.setHeader(surrogateKeys.CACHE_TAG_HEADER, keys.join(','));
  }
}

/**
 * What no shared cache may keep, whatever the page (also a front cache replay, whose headers were
 * stored for another request): an answer to a request with credentials (a session cookie,
 * Authorization) or with Set-Cookie, and an answer the cookie chose (`Vary: Cookie`) to a Cookie
 * header whose spoilers cookie not every parser reads alike (canonicalSpoilersCookie): a cache
 * keyed on its raw value could otherwise serve the app's reading of a crafted header to a request
 * that only looks the same to the cache.
 * @param {http.ServerResponse} response
 */
function privateForRequest(response) {
  const cacheControl = String(response.getHeader('Cache-Control') ?? '');
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return;
  const request = /** @type {http.IncomingMessage} */ (/** @type {any} */ (response).req);
  // Credentials make a reader page (what a shared cache may keep for s-maxage) private; files that
  // are the same for everyone (media, the build's assets: immutable, no s-maxage) stay public.
  const readerPage = /(^|,)\s*s-maxage=/i.test(cacheControl);
  const credentials =
    readerPage && (request.headers.authorization !== undefined || SESSION_COOKIE.test(String(request.headers.cookie ?? '')));
  const cookieChosen = /(^|,)\s*cookie\s*(,|$)/i.test(String(response.getHeader('Vary') ?? ''));
  let policy = null;
  if (credentials || response.hasHeader('set-cookie')) policy = 'private, no-cache';
  else if (cookieChosen && readerLevel.canonicalSpoilersCookie(request.headers.cookie) === null) policy = 'private, no-store';
  if (policy === null) return;
  response.setHeader('Cache-Control', policy);
  response.removeHeader(surrogateKeys.SURROGATE_KEY_HEADER);
  response.removeHeader(surrogateKeys.CACHE_TAG_HEADER);
}

/** @param {string} url */
const pathOnly = (url) => url.split('?')[0];

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
// The metrics' route label: the build's routes, never a raw path.
const routeOf = routePatternMatcher(JSON.parse(fs.readFileSync(path.join(serverDir, distDir, 'routes-manifest.json'), 'utf8')));
// As server.js does: the build's configuration (next.config.js is not in the standalone folder),
// production mode, paths relative to the standalone folder.
process.env.NODE_ENV = 'production';
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
// proxy.ts takes the level decided here (see prepareRequest) instead of deciding again.
process.env[readerLevel.DECIDED_UPSTREAM_ENV] = '1';
process.chdir(serverDir);

/** @type {(options: { dev: boolean, dir: string, hostname: string, port: number, conf: object, httpServer: EventEmitter }) => { prepare(): Promise<void>, getRequestHandler(): http.RequestListener }} */
const next = createRequire(path.join(serverDir, 'server.js'))('next');
// Next subscribes to the 'upgrade' event of the server it is given (else of the first request's
// server): in production it only proxies an Upgrade to an external rewrite (this site has none) and
// otherwise holds the socket without a status line. Given an emitter that never fires, our server
// has no 'upgrade' listener, so Node hands Upgrade requests to the request listener, where the
// guard refuses them (lib/http/request-guard.mjs) and the connection closes.
const app = next({ dev: false, dir: serverDir, hostname, port, conf: config, httpServer: new EventEmitter() });
await app.prepare();
const nextHandler = app.getRequestHandler();

/** @type {http.RequestListener} */
function toNext(request, response) {
  Promise.resolve(nextHandler(request, response)).catch((error) => {
    log.error({ err: error }, `failed to handle ${request.method} ${loggedPath(request.url)}`);
    if (!response.headersSent) response.writeHead(500).end('Internal Server Error');
    else response.destroy();
  });
}

const frontCache = !frontCacheOn
  ? null
  : await createFrontCache(serverDir, {
      maxMb: frontCacheMaxMb,
      onMismatch: (url, decided, rendered) =>
        log.warn({ path: loggedPath(url), decided, rendered }, 'a page rendered at another level than decided: not cached'),
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
if (headersTimeoutMs > requestTimeoutMs) {
  log.fatal(`Invalid environment: HEADERS_TIMEOUT_MS (${headersTimeoutMs}) is longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  process.exit(1);
}
const server = http.createServer(
  {
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    // How often Node checks those two (its default, 30 s, would let a connection overstay them by as much).
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeoutMs / 2)),
  },
  (request, response) => {
    prepareRequest(request, response);
    guarded(request, response);
  },
);
server.keepAliveTimeout = keepAliveTimeoutMs;

// Metrics on a port of their own, loopback only and without a token (a scraper on the same host,
// or a sidecar); unset, none. The main port's /metrics is app/metrics/route.ts (METRICS_TOKEN).
const metricsServer =
  metricsPort === null
    ? null
    : http.createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') return void response.writeHead(404).end();
        metrics.metricsText().then(
          ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
          (error) => {
            log.error({ err: error }, 'metrics: could not collect');
            response.writeHead(500).end();
          },
        );
      });

// ---------------------------------------------------------------------------------------------
// Graceful shutdown.

let stopping = false;
/** Connections that have not carried a request yet (prepareRequest takes them out). */
const unused = new Set();
server.on('connection', (/** @type {net.Socket} */ socket) => {
  unused.add(socket);
  socket.once('close', () => unused.delete(socket));
});

/** @param {NodeJS.Signals | 'parent exited'} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  log.info({ signal, timeoutMs: shutdownTimeoutMs }, 'shutting down: no new connections, finishing requests in flight');
  const drained = await Promise.race([
    new Promise((resolve) => {
      // net.Server's close stops accepting, and calls back once every connection has closed;
      // http.Server's would also drop every idle keep-alive connection at once.
      net.Server.prototype.close.call(server, () => resolve(true));
      // Every response from now on says Connection: close (beforeHeaders): a connection closes after
      // the request in flight on it, or after the next one to arrive. An idle keep-alive connection
      // is left to its keep-alive timeout, as without the signal: its client was told it may reuse
      // it that long, and closing it sooner resets a request sent on it at that moment (or read
      // late by a busy process). A connection yet to carry a request gets as long for its first.
      for (const socket of unused) socket.setTimeout(keepAliveTimeoutMs);
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
metricsServer?.on('error', (error) => {
  log.fatal({ err: error }, `could not listen on 127.0.0.1:${metricsPort} (METRICS_PORT)`);
  process.exit(1);
});
metricsServer?.listen(metricsPort, '127.0.0.1', () => log.info(`metrics on http://127.0.0.1:${metricsPort}/metrics`));
