/** Any C0/C1 control character or a backslash: browsers drop or reinterpret them inside a URL. */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;

/** A stand-in origin: only whether the value stays on it matters, not the site's real host. */
const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * A path on this site to redirect to, or `fallback` (no open redirect). The value must be a path
 * ("/…") that, parsed as a URL against this site, stays on it: "//evil.example", "/\evil.example"
 * and "/<TAB>/evil.example" (which a browser reads as "//evil.example") are all refused. Returns the
 * parsed path, query and fragment, so what the browser follows is exactly what was checked.
 * Free of server-only imports: proxy.ts and client components use it too.
 */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || UNSAFE_CHARACTER.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // A path starting "//" is protocol-relative again as soon as it is used as a Location.
  return path.startsWith('//') ? fallback : path;
}

/** Where to go after signing in: only a path on this site, else the editor. */
export function safeCallbackUrl(value: unknown, fallback = '/editor'): string {
  return safeLocalPath(value, fallback);
}
