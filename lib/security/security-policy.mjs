// @ts-check
/**
 * The site's security headers, in one place. Plain JavaScript because three loaders use it:
 * next.config.js (the fixed headers, on every response), proxy.ts (the page policies, through
 * lib/security/security-headers.ts) and the page cache handler (lib/cache/incremental-cache-handler.mjs),
 * which Next loads unbundled. How the pieces fit: docs/architecture.md, "Security headers".
 */
import { createHash } from 'node:crypto';

/** Headers that never vary: set by next.config.js on every response, static files included. */
export const FIXED_SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // The app uses none of these; a injected frame or script cannot ask for them either.
  {
    key: 'Permissions-Policy',
    value:
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), browsing-topics=()',
  },
  // For browsers without CSP frame-ancestors; the policies below say the same.
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

export const CSP_HEADER = 'content-security-policy';

/** One year, subdomains included; sent only in production behind https (security-headers.ts). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Everything but scripts, shared by every page policy. Styles allow inline: React renders `style`
 * attributes and CSS injection is not script execution; see docs/architecture.md.
 */
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** JSON, redirects and anything that is not a page: nothing may run, nothing may frame it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of a page served from the page cache before its scripts are known: everything but a
 * script rule. The cached page's own policy (staticPagePolicy, added by the cache handler) is sent
 * next to it, and a browser enforces both.
 */
export const CACHED_PAGE_BASE_POLICY = PAGE_DIRECTIVES.filter((d) => !d.startsWith('default-src')).join('; ');

/**
 * A page rendered per request (editor, sign-in, search, quiz): Next puts this nonce on its own
 * scripts (it reads it from the request's CSP header), and 'strict-dynamic' lets them load chunks.
 * @param {string} nonce
 */
export function noncePagePolicy(nonce) {
  return [...PAGE_DIRECTIVES, `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`].join('; ');
}

/**
 * A statically rendered page (ISR): its inline scripts (Next's `self.__next_f.push(…)` payload,
 * React's streaming helpers) are allowed by their hashes, chunks by 'self'. No nonce, no
 * 'unsafe-inline', no 'unsafe-eval': an injected inline script has no matching hash.
 * @param {string} html
 */
export function staticPagePolicy(html) {
  const hashes = inlineScriptHashes(html).map((hash) => `'${hash}'`);
  return [...PAGE_DIRECTIVES, ['script-src', "'self'", ...hashes].join(' ')].join('; ');
}

/** Opening tag of a script element, its text, its end tag (script text cannot contain `</script`). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/giu;

/**
 * The sha256 source of every inline script in `html`, in order, without repeats. A browser hashes
 * the script's text after the HTML parser has turned CRLF and CR into LF, so this does too.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/iu.test(attributes) || text === '') continue;
    const source = text.replace(/\r\n?/gu, '\n');
    hashes.add(`sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/**
 * Adds the static page policy to a page-cache entry (`kind: 'APP_PAGE'` with its HTML) unless it has
 * one. The headers object is shared with the response being sent, so a freshly rendered page gets it
 * too. Returns the entry.
 * @template {unknown} T
 * @param {T} value
 * @returns {T}
 */
export function withStaticPagePolicy(value) {
  const entry = /** @type {{ kind?: unknown, html?: unknown, headers?: Record<string, unknown> }} */ (value);
  if (!entry || entry.kind !== 'APP_PAGE' || typeof entry.html !== 'string' || entry.html === '') return value;
  entry.headers ??= {};
  if (typeof entry.headers[CSP_HEADER] !== 'string') entry.headers[CSP_HEADER] = staticPagePolicy(entry.html);
  return value;
}

/**
 * The CSP headers a response goes out with, when proxy.ts gave a page a nonce but what is sent is
 * a cached page with its own hash policy (Next's static 404 page for an address no route matches,
 * or one under the editor): the cached HTML carries no nonce, and a browser enforcing both policies
 * would block every script. The nonce policy is dropped then; otherwise the values stay as they are.
 * @param {string | string[] | number | undefined} values  what `response.getHeader(CSP_HEADER)` holds
 * @returns {string | string[] | number | undefined}
 */
export function withoutNonceBesideHashes(values) {
  if (!Array.isArray(values)) return values;
  const hashed = values.some((value) => /script-src[^;]*'sha256-/.test(value));
  if (!hashed) return values;
  const kept = values.filter((value) => !/'nonce-/.test(value));
  return kept.length === 1 ? kept[0] : kept;
}
