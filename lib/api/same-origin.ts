import { ForbiddenError } from '../errors';
import { siteUrl } from '../seo/site-url';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the method may change something (and so needs CSRF protection when a cookie authenticates it). */
export const isUnsafeMethod = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The hosts (name:port) this site is reached at: the public address (SITE_URL) and the Host the
 * request was sent to. Host is not forwarded-host: a proxy in front must pass the client's Host on
 * (nginx: `proxy_set_header Host $http_host`) or SITE_URL must name the public address.
 */
function ownHosts(request: Request): Set<string> {
  const hosts = new Set<string>();
  const site = hostOf(siteUrl());
  if (site) hosts.add(site);
  const host = request.headers.get('host') ?? hostOf(request.url);
  if (host) hosts.add(host.toLowerCase());
  return hosts;
}

/**
 * CSRF defence for cookie-authenticated writes: the browser must say the request comes from this
 * site. `Origin` decides when present (every browser sends it on a cross-origin POST, and on
 * same-origin fetches); else `Sec-Fetch-Site: same-origin`. Neither: refused, since a script on
 * another site can't be told apart from a cookie-carrying client; API clients use Bearer tokens.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const host = origin === 'null' ? null : hostOf(origin);
    if (host && ownHosts(request).has(host)) return;
    throw new ForbiddenError(`Cross-origin request refused: Origin ${origin.slice(0, 100)} is not this site`);
  }
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'same-origin') return;
  throw new ForbiddenError(
    fetchSite
      ? `Cross-origin request refused: Sec-Fetch-Site is ${fetchSite.slice(0, 40)}`
      : 'A change signed in by cookie needs an Origin header from this site; API clients send a Bearer token',
  );
}
