#!/usr/bin/env node
// @ts-check
/**
 * Runs the Next.js standalone server (`server.js`) with what production needs around it:
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
 * - graceful shutdown on SIGTERM / SIGINT: stop accepting connections, let in-flight requests
 *   finish (at most SHUTDOWN_TIMEOUT_MS, default 20 s), then close the database pools and Redis
 *   connections (lib/ops/shutdown.mjs hooks) and exit 0. Next's own handler only drains and exits;
 *   it never closes the pools.
 *
 * Usage: node serve.mjs [path/to/server.js]   (default: server.js next to this file, as in the
 * Docker image, where this file is copied into the standalone folder).
 */
import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverJs = path.resolve(process.argv[2] ?? path.join(here, 'server.js'));
const serverDir = path.dirname(serverJs);
if (!fs.existsSync(serverJs)) {
  console.error(`serve.mjs: no ${serverJs} (build with output: 'standalone' first)`);
  process.exit(1);
}

const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(process.env.SHUTDOWN_TIMEOUT_MS) : 20_000;

// The logger and the shutdown hooks are the app's own modules; the build traced them into the
// standalone folder (the cache handlers import them), so this file needs nothing of its own.
/** @type {typeof import('../lib/log/logger.mjs')} */
const { rootLogger, acceptRequestId, REQUEST_ID_HEADER } = await import(pathToFileURL(path.join(serverDir, 'lib/log/logger.mjs')).href);
/** @type {typeof import('../lib/ops/shutdown.mjs')} */
const { runShutdownHooks } = await import(pathToFileURL(path.join(serverDir, 'lib/ops/shutdown.mjs')).href);
/** @type {typeof import('../lib/ops/client-address.mjs')} */
const clientAddress = await import(pathToFileURL(path.join(serverDir, 'lib/ops/client-address.mjs')).href);
// TRACE, undecodable or NUL-carrying addresses: refused before Next, which would answer 500.
/** @type {typeof import('../lib/http/request-guard.mjs')} */
const { guardRequests } = await import(pathToFileURL(path.join(serverDir, 'lib/http/request-guard.mjs')).href);

const log = rootLogger();

// ---------------------------------------------------------------------------------------------
// Console → JSON: Next.js and libraries write plain lines; keep one log format.

/** @type {Record<'log' | 'info' | 'warn' | 'error' | 'debug', 'info' | 'warn' | 'error' | 'debug'>} */
const CONSOLE_LEVELS = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };
for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
  /** @param {unknown[]} args */
  console[/** @type {keyof typeof CONSOLE_LEVELS} */ (method)] = (...args) => {
    const error = args.find((arg) => arg instanceof Error);
    // Next's start-up lines carry ANSI colours and symbols; the message is the text.
    const text = format(...args.filter((arg) => arg !== error)).replace(/\u001b\[[0-9;]*m/g, '').trim();
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
diagnostics.subscribe('http.server.request.start', (message) => {
  clientAddress.replaceClientAddressHeaders(/** @type {{ request: http.IncomingMessage }} */ (message).request, addressOf);
});

// ---------------------------------------------------------------------------------------------
// Request ids and access log, from Node's HTTP diagnostics channels: published for every request
// before the server's 'request' listener (Next) runs, so the id is in place when Next reads it.

/** @type {WeakMap<http.IncomingMessage, { id: string, start: bigint }>} */
const requests = new WeakMap();

diagnostics.subscribe('http.server.request.start', (message) => {
  const { request, response } = /** @type {{ request: http.IncomingMessage, response: http.ServerResponse }} */ (message);
  const id = acceptRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  response.setHeader(REQUEST_ID_HEADER, id);
  requests.set(request, { id, start: process.hrtime.bigint() });
});

diagnostics.subscribe('http.server.response.finish', (message) => {
  const { request, response } = /** @type {{ request: http.IncomingMessage, response: http.ServerResponse }} */ (message);
  const seen = requests.get(request);
  if (!seen) return;
  const url = request.url ?? '';
  // Health probes every few seconds would drown the log: debug level.
  const level = /^\/api\/(health|ready)\b/.test(url) && response.statusCode < 400 ? 'debug' : 'info';
  log[level](
    {
      requestId: seen.id,
      method: request.method,
      // The path only: query strings can carry tokens.
      path: url.split('?')[0],
      status: response.statusCode,
      durationMs: Number((process.hrtime.bigint() - seen.start) / 1_000_000n),
      cache: response.getHeader('x-nextjs-cache'),
    },
    'request',
  );
});

// ---------------------------------------------------------------------------------------------
// Graceful shutdown. Next installs its own SIGTERM/SIGINT handler unless NEXT_MANUAL_SIG_HANDLE
// is set; ours drains the same way and then closes the pools.

process.env.NEXT_MANUAL_SIG_HANDLE = 'true';

/** @type {http.Server[]} */
const servers = [];
const createServer = http.createServer;
// Next creates its server with http.createServer: keep a handle on it to stop it later, and put
// the request guard in front of its listener.
http.createServer = /** @type {typeof http.createServer} */ (
  (/** @type {any[]} */ ...args) => {
    const guarded = args.map((arg) => (typeof arg === 'function' ? guardRequests(arg) : arg));
    const server = createServer.apply(http, /** @type {any} */ (guarded));
    servers.push(server);
    return server;
  }
);

let stopping = false;

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  log.info({ signal, timeoutMs: shutdownTimeoutMs }, 'shutting down: no new connections, finishing requests in flight');
  const drained = await Promise.race([
    Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            server.close(() => resolve(undefined));
            // Keep-alive connections with no request in flight would hold close() open.
            server.closeIdleConnections();
            const idle = setInterval(() => server.closeIdleConnections(), 250);
            server.once('close', () => clearInterval(idle));
          }),
      ),
    ).then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), shutdownTimeoutMs).unref()),
  ]);
  if (!drained) {
    log.warn('requests still running after the shutdown timeout: closing their connections');
    for (const server of servers) server.closeAllConnections();
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

await import(pathToFileURL(serverJs).href);
