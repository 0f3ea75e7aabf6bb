// @ts-check
/**
 * The Content-Encoding Next sends a response in, from the request's Accept-Encoding alone. The
 * front cache (server/front-cache.mjs) keeps one gzip copy of each page: it sends that copy as it
 * is to a reader Next would send gzip, decompressed to one Next would send identity, and leaves a
 * reader Next would send deflate to Next, whatever the header's wording ("gzip, deflate, br,
 * zstd", "br;q=1.0, gzip;q=0.8, *;q=0.1", none…).
 *
 * Next compresses with its compiled `compression` middleware (next/dist/compiled/compression, run
 * by its router server when `compress` is on, the default): it offers gzip, deflate and identity
 * (never br or zstd), chosen by `negotiator` (highest q, then the more specific match over `*`,
 * then the client's order, then the order offered), and takes gzip instead of deflate whenever
 * gzip is acceptable too. This is the same negotiation, written out: server/sent-encoding.test.ts
 * sends it generated headers through that middleware and compares. A body under its threshold
 * (1 kB), or a HEAD request, is sent as identity whatever this says: the front cache keeps such a
 * body as it was sent.
 */

/** @typedef {'gzip' | 'deflate' | 'identity'} SentEncoding */

/** @typedef {{ encoding: string, q: number, i: number }} Accepted */
/** @typedef {{ i: number, o: number, q: number, s: number }} Priority */

const ENCODING = /^\s*([^\s;]+)\s*(?:;(.*))?$/;

/** @param {string} header @returns {Accepted[]} */
function parseAcceptEncoding(header) {
  /** @type {Accepted[]} */
  const accepted = [];
  const parts = header.split(',');
  let hasIdentity = false;
  let minQuality = 1;
  parts.forEach((part, i) => {
    const match = ENCODING.exec(part.trim());
    if (!match) return;
    let q = 1;
    if (match[2]) {
      for (const param of match[2].split(';')) {
        const [name, value] = param.trim().split('=');
        if (name === 'q') {
          q = Number.parseFloat(value);
          break;
        }
      }
    }
    const entry = { encoding: match[1], q, i };
    accepted.push(entry);
    hasIdentity = hasIdentity || specify('identity', entry, 0) !== null;
    minQuality = Math.min(minQuality, q || 1);
  });
  // Identity is acceptable unless the header says otherwise, at the lowest quality it names.
  if (!hasIdentity) accepted.push({ encoding: 'identity', q: minQuality, i: parts.length });
  return accepted;
}

/** @param {string} encoding @param {Accepted} spec @param {number} index @returns {Priority | null} */
function specify(encoding, spec, index) {
  let s = 0;
  if (spec.encoding.toLowerCase() === encoding.toLowerCase()) s |= 1;
  else if (spec.encoding !== '*') return null;
  return { i: index, o: spec.i, q: spec.q, s };
}

/** @param {string} encoding @param {Accepted[]} accepted @param {number} index @returns {Priority} */
function priorityOf(encoding, accepted, index) {
  let priority = { o: -1, q: 0, s: 0, i: index };
  for (const spec of accepted) {
    const candidate = specify(encoding, spec, index);
    if (candidate && (priority.s - candidate.s || priority.q - candidate.q || priority.o - candidate.o) < 0) priority = candidate;
  }
  return priority;
}

/** The first of `offered` the header accepts best, or undefined. @param {Accepted[]} accepted @param {string[]} offered */
function preferred(accepted, offered) {
  const ranked = offered
    .map((encoding, index) => ({ encoding, priority: priorityOf(encoding, accepted, index) }))
    .filter(({ priority }) => priority.q > 0)
    .sort(({ priority: a }, { priority: b }) => b.q - a.q || b.s - a.s || a.o - b.o || a.i - b.i || 0);
  return ranked[0]?.encoding;
}

/**
 * The encoding Next sends a compressible response in for this Accept-Encoding header.
 * @param {string | string[] | undefined} header
 * @returns {SentEncoding}
 */
export function sentEncoding(header) {
  const accepted = parseAcceptEncoding(Array.isArray(header) ? header.join(', ') : (header ?? ''));
  let chosen = preferred(accepted, ['gzip', 'deflate', 'identity']);
  if (chosen === 'deflate' && preferred(accepted, ['gzip'])) chosen = preferred(accepted, ['gzip', 'identity']);
  return chosen === 'gzip' || chosen === 'deflate' ? chosen : 'identity';
}
