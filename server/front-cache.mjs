// @ts-check
/**
 * The front cache of server/serve.mjs: reader pages that Next served from its page cache (ISR),
 * replayed byte for byte without going through Next again. Next spends most of a cached page's time
 * in its router, proxy.ts and the render pipeline (docs/benchmarks.md), not in the cache.
 *
 * Correct by construction, not by knowing the routes:
 * - what is stored: a 200 to a GET that Next answered from its page cache or rendered into it (`x-nextjs-cache: HIT` or `MISS`)
 *   with no time-based revalidation (s-maxage of a year = revalidate false) and no Set-Cookie, that
 *   says it was rendered at the request's level: proxy.ts's `x-rendered-level` (the level of the
 *   variant Next rendered) equals the level serve.mjs decided for the request. A disagreement is
 *   never stored (and logged), so no page of a higher level can sit under a lower level's key;
 * - the key: everything proxy.ts and Next's cache read from such a request: the exact path and
 *   query (only `?spoilers=none|light|full` or none; on `/search`, `?q=…` optionally followed by
 *   it) and the request's level decision (decideReaderLevel in lib/reader/level-cookie.mjs, made
 *   once by serve.mjs and handed to proxy.ts in `x-reader-level`; this cache never reads the
 *   cookie). Requests with other query parameters or values, RSC/router headers, Range or
 *   conditional headers are not answered from here (Next answers them). At most
 *   FRONT_CACHE_MAX_MB (256 MB), counted in bytes, least recently used out first;
 * - one copy per page, gzip-compressed (a page of 70 kB keeps about 12 kB), whatever the readers
 *   accept: a reader who takes gzip (sent-encoding.mjs: the negotiation of Next's compression) gets
 *   the stored bytes; one who does not gets them decompressed, and on a miss Next is asked for gzip
 *   anyway and its answer decompressed on the way out, so every reader fills the one entry. A body
 *   Next leaves uncompressed (under its 1 kB threshold) is kept as it is. A reader whose
 *   Accept-Encoding makes Next send deflate (it accepts deflate but not gzip) is left to Next;
 * - validity: by version, as Next's page cache (lib/cache/tag-versions.mjs). An entry keeps the
 *   tags of the page Next served (the page cache's own record of them, by the path Next rendered)
 *   and the invalidation version read when its request started; it is used while none of those
 *   tags was invalidated since: in this process without Redis, on any instance with it (one HMGET
 *   per hit; while Redis cannot be asked, this process's own record of invalidations decides, so a
 *   publish here still shows at once). So publishing one film leaves every other film's page here. A
 *   page whose tags are not known is not stored. Entries live in memory only: a restart starts
 *   empty.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { sentEncoding } from './sent-encoding.mjs';

/** On responses this cache answered (and in the access log's `cache` field). */
export const FRONT_CACHE_HEADER = 'x-front-cache';
const REPLAYED = Symbol('film-cms.front-cache.replayed');

/**
 * Whether this cache answered the response: its headers are the ones stored, which were taken
 * after serve.mjs had set its rules on them (cache policy, one script policy), so they need no
 * second pass.
 * @param {Response} response
 */
export function isReplayed(response) {
  return /** @type {any} */ (response)[REPLAYED] === true;
}
const ONE_YEAR_S = 31_536_000;
// Bounded in bytes however many addresses, levels and encodings are asked for; the least recently
// used go first. Sized for the catalogue (docs/architecture.md, "The page cache": the budget).
const DEFAULT_MAX_MB = 256;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
// Not replayed: per-response headers Node or serve.mjs set again.
// Content-Encoding is the entry's own (`encoding`), set per reader when replayed.
const NOT_REPLAYED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'x-request-id',
  'content-length',
  'content-encoding',
]);
const BYPASS_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'range',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'authorization',
];

/**
 * @typedef {{ headers: Array<[string, string | string[]]>, headerBytes: number, body: Buffer, encoding: 'gzip' | 'identity', asOf: string, tags: string[] }} Entry
 * @typedef {{ key: string, level: string, takesGzip: boolean }} Keyed what keyOf says of a request
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 */

/**
 * @param {string} serverDir the standalone folder (Next's modules and the app's lib/ are there)
 * @param {{ maxMb?: number, onMismatch?: (url: string, decided: string, rendered: string | undefined) => void }} [options]  maxMb: FRONT_CACHE_MAX_MB
 */
export async function createFrontCache(serverDir, { maxMb = DEFAULT_MAX_MB, onMismatch } = {}) {
  /** @type {typeof import('../lib/cache/tag-versions.mjs')} */
  const versions = await import(pathToFileURL(path.join(serverDir, 'lib/cache/tag-versions.mjs')).href);
  /** @type {typeof import('../lib/reader/level-cookie.mjs')} */
  const { RENDERED_LEVEL_HEADER, readingOf } = await import(pathToFileURL(path.join(serverDir, 'lib/reader/level-cookie.mjs')).href);

  /** @type {typeof import('../lib/metrics/metrics.mjs')} */
  const { observeCacheLookup } = await import(pathToFileURL(path.join(serverDir, 'lib/metrics/metrics.mjs')).href);

  /** @type {typeof import('../lib/cache/bounded-cache.mjs')} */
  const { boundedCache } = await import(pathToFileURL(path.join(serverDir, 'lib/cache/bounded-cache.mjs')).href);

  /** @type {import('lru-cache').LRUCache<string, Entry>} */
  const entries = boundedCache('front', {
    holds: 'reader pages as sent (server/front-cache.mjs)',
    maxBytes: maxMb * 1024 * 1024,
    sizeOf: (entry, key) => entry.body.length + entry.headerBytes + key.length,
  });

  /** @param {string} key */
  function remove(key) {
    entries.delete(key);
  }

  /** @param {Entry} entry */
  async function isCurrent(entry) {
    try {
      // Redis away (down, or its circuit breaker open): this process's own record of invalidations decides.
      return await versions.isCurrent(entry.tags, entry.asOf, { whenUnreachable: 'local' });
    } catch {
      return false;
    }
  }

  /**
   * The key of a request this cache may answer, or null.
   * @param {Request} request
   * @param {import('../lib/reader/level-cookie.mjs').LevelDecision} decision the request's level (decideReaderLevel)
   */
  function keyOf(request, decision) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    // A reader page takes only `?spoilers=`; the search page (`/search`) also its `q`, the one
    // other thing its rewrite reads (proxy.ts, lib/reader/reader-address.mjs).
    const allowed = /^(?:\/[a-z]{2,3}(?:-[A-Z]{2})?)?\/search\/?\?/.test(url)
      ? /^q=[^&]*(&spoilers=(?:none|light|full))?$/
      : /^(spoilers=(?:none|light|full)|upto=\d{1,3})$/;
    const match = query >= 0 ? allowed.exec(url.slice(query + 1)) : null;
    if (query >= 0 && !match) return null;
    for (const name of BYPASS_HEADERS) if (request.headers[name] !== undefined) return null;
    // Only the level (or the point read up to: readingOf), not the whole cookie, picks the page,
    // so readers with different per-film choices share entries; a page read up to a point is
    // keyed `upto-N`, never under a plain level.
    const reading = readingOf(decision);
    const encoding = sentEncoding(request.headers['accept-encoding']);
    if (encoding === 'deflate') return null;
    return { key: `${url}\n${reading}`, level: reading, takesGzip: encoding === 'gzip' };
  }

  /**
   * Answers the request from the cache when it can (true), else prepares to store Next's answer.
   * @param {Request} request @param {Response} response @param {Keyed} keyed from keyOf
   */
  async function handle(request, response, { key, level, takesGzip }) {
    const entry = entries.get(key);
    if (entry) {
      if (await isCurrent(entry)) {
        observeCacheLookup('front', 'hit');
        replay(entry, takesGzip, request, response);
        return true;
      }
      observeCacheLookup('front', 'stale');
      remove(key);
    } else observeCacheLookup('front', 'miss');
    if (request.method === 'GET') {
      // Before Next reads anything: what it serves is at least this recent.
      const asOf = await versions.currentVersion().catch(() => null);
      if (asOf !== null) record(key, level, takesGzip, asOf, request, response);
    }
    return false;
  }

  /** @param {Entry} entry @param {boolean} takesGzip @param {Request} request @param {Response} response */
  function replay(entry, takesGzip, request, response) {
    const decompress = entry.encoding === 'gzip' && !takesGzip;
    const head = request.method === 'HEAD';
    // A gzip member ends with its input's length (mod 2^32; pages are far smaller): a HEAD needs no inflating.
    const body = decompress && !head ? zlib.gunzipSync(entry.body) : entry.body;
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    if (entry.encoding === 'gzip' && !decompress) response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Content-Length', decompress && head ? entry.body.readUInt32LE(entry.body.length - 4) : body.length);
    response.setHeader(FRONT_CACHE_HEADER, 'HIT');
    /** @type {any} */ (response)[REPLAYED] = true;
    response.writeHead(200);
    response.end(head ? undefined : body);
  }

  /**
   * @param {string} key @param {string} level the decided level @param {boolean} takesGzip whether the reader accepts gzip
   * @param {string} asOf the version at the request's start @param {Request} request @param {Response} response
   */
  function record(key, level, takesGzip, asOf, request, response) {
    // Next compresses by the request's header (its compression middleware reads it later): the
    // entry is the gzip answer, and a reader who does not take gzip gets it inflated below.
    if (!takesGzip) request.headers['accept-encoding'] = 'gzip';
    /** @type {zlib.Gunzip | null} */
    let inflate = null;
    /** @type {'gzip' | 'identity'} */
    let sentAs = 'identity';
    /** @type {Buffer[]} */
    let chunks = [];
    let size = 0;
    let storable = false;
    /** @type {string | null} */
    let renderedPath = null;
    const { writeHead, write, end } = response;
    // The body copies are let go as soon as the response is over (sent, or its connection closed
    // first): the response object itself may outlive its request, and must not keep a second copy
    // of the page. On Node 20 every rendered response stayed reachable (Next's render state, held
    // by the request's web streams, points to it), each with these copies of its body.
    const release = () => {
      chunks = [];
      size = MAX_BODY_BYTES + 1;
    };
    response.once('close', () => inflate?.destroy());
    response.once('close', release);
    response.writeHead = /** @type {typeof response.writeHead} */ (
      function (/** @type {any[]} */ ...args) {
        const cacheControl = String(response.getHeader('cache-control') ?? '');
        const rendered = response.getHeader(RENDERED_LEVEL_HEADER);
        const sameLevel = rendered === level;
        if (rendered !== undefined && !sameLevel) onMismatch?.(request.url ?? '', level, String(rendered));
        // The page Next served: proxy.ts's rewrite, else the address itself.
        renderedPath = renderedPathOf(request, response);
        // A render (MISS) is stored too: the page cache has just stored the same page, with these
        // tags, from a request that started after asOf was read.
        const fromPageCache = response.getHeader('x-nextjs-cache');
        // Compression is decided before the head goes out: gzip, or identity for a small body.
        const contentEncoding = String(response.getHeader('content-encoding') ?? 'identity');
        if (contentEncoding === 'gzip') sentAs = 'gzip';
        storable =
          renderedPath !== null &&
          sameLevel &&
          (fromPageCache === 'HIT' || fromPageCache === 'MISS') &&
          response.getHeader('set-cookie') === undefined &&
          (contentEncoding === 'gzip' || contentEncoding === 'identity') &&
          new RegExp(`(^|,)\\s*s-maxage=${ONE_YEAR_S}\\s*(,|$)`).test(cacheControl) &&
          !/stale-while-revalidate=\d/.test(cacheControl);
        if (sentAs === 'gzip' && !takesGzip) {
          // Asked for gzip on this reader's behalf: inflated on the way out, streaming as Next writes.
          response.removeHeader('content-encoding');
          response.removeHeader('content-length');
          const stream = zlib.createGunzip();
          stream.on('data', (/** @type {Buffer} */ data) => write.apply(response, /** @type {any} */ ([data])));
          stream.on('end', () => end.apply(response, /** @type {any} */ ([])));
          stream.on('error', () => response.destroy());
          inflate = stream;
        }
        return writeHead.apply(response, /** @type {any} */ (args));
      }
    );
    /** @param {unknown} chunk @param {unknown} [encoding] */
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(/** @type {any} */ (chunk), typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : undefined);
      size += buffer.length;
      if (size <= MAX_BODY_BYTES) chunks.push(buffer);
      else chunks = [];
      return buffer;
    };
    response.write = /** @type {typeof response.write} */ (
      function (/** @type {any[]} */ ...args) {
        const buffer = keep(args[0], args[1]);
        if (inflate === null) return write.apply(response, /** @type {any} */ (args));
        if (buffer) inflate.write(buffer);
        return true;
      }
    );
    response.end = /** @type {typeof response.end} */ (
      function (/** @type {any[]} */ ...args) {
        const buffer = keep(args[0], args[1]);
        /** @type {any} */
        let result = response;
        if (inflate === null) result = end.apply(response, /** @type {any} */ (args));
        else if (buffer) inflate.end(buffer);
        else inflate.end();
        // The page's tags as Next's page cache holds them: looked up last, since a render stores them as it ends.
        const tags = storable && renderedPath !== null ? versions.pageTagsOf(renderedPath) : null;
        // Made private for its request (credentials, a crafted cookie: serve.mjs): not a header to replay to others.
        const sentPrivate = /(^|,)\s*private\b/i.test(String(response.getHeader('cache-control') ?? ''));
        if (tags !== null && !sentPrivate && response.statusCode === 200 && size <= MAX_BODY_BYTES) {
          /** @type {Array<[string, string | string[]]>} */
          const headers = [];
          for (const name of response.getHeaderNames()) {
            const value = response.getHeader(name);
            if (NOT_REPLAYED.has(name) || value === undefined) continue;
            // A replay is a cache hit, also of a page first sent as Next's render (MISS).
            if (name === 'x-nextjs-cache') headers.push([name, 'HIT']);
            else headers.push([name, typeof value === 'number' ? String(value) : value]);
          }
          const body = Buffer.concat(chunks);
          let headerBytes = 0;
          for (const [name, value] of headers) headerBytes += name.length + String(value).length;
          entries.set(key, { headers, headerBytes, body, encoding: sentAs, asOf, tags });
        }
        release();
        return result;
      }
    );
  }

  return { keyOf, handle };
}

/**
 * The page Next served for this response: proxy.ts's rewrite, else the address itself (null: not a path).
 * @param {Request} request @param {Response} response
 */
export function renderedPathOf(request, response) {
  return pathOf(String(response.getHeader('x-middleware-rewrite') ?? request.url ?? '/'));
}

/**
 * The path of a request target or rewrite (absolute, or a path that may start with `//`, which
 * `new URL(target, base)` would take for a host); null when it does not parse: such a page is not stored.
 * @param {string} target
 */
function pathOf(target) {
  try {
    return new URL(target.startsWith('/') ? `http://same-origin.invalid${target}` : target).pathname;
  } catch {
    return null;
  }
}
