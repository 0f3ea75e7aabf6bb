import { parseSpoilerLevel, type SpoilerLevel } from '../spoilers/levels';
import { safeLocalPath } from '../auth/safe-callback-url';

/**
 * How a reader's spoiler level travels. Kept free of server-only imports: proxy.ts uses it.
 *
 * `?spoilers=` overrides for one request; the `spoilers` cookie remembers the reader's choice
 * (set by /spoilers, see app/(reader)/spoilers/route.ts); otherwise the safe default (none).
 */
export const SPOILER_COOKIE = 'spoilers';
export const SPOILER_QUERY = 'spoilers';
export const SPOILER_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function readerLevel(query: string | null | undefined, cookie: string | null | undefined): SpoilerLevel {
  return parseSpoilerLevel(query, parseSpoilerLevel(cookie));
}

/** Reader pages with one cached variant per level, and the internal path of each variant. */
const LEVELLED_PAGE = /^\/(films|people)\/([^/]+)\/?$/;

export function levelVariantPath(pathname: string, level: SpoilerLevel): string | null {
  const address = readerAddress(pathname);
  return address ? `/${address.section}/${address.slug}/level/${level}` : null;
}

/** The film of a quiz address (`/films/{slug}/quiz`), or null. */
export function quizFilmSlug(pathname: string): string | null {
  return /^\/films\/([^/]+)\/quiz\/?$/u.exec(pathname)?.[1] ?? null;
}

/** The section and slug of a reader page address (`/films/{slug}`, `/people/{slug}`), or null. */
export function readerAddress(pathname: string): { section: 'films' | 'people'; slug: string } | null {
  const match = LEVELLED_PAGE.exec(pathname);
  return match ? { section: match[1] as 'films' | 'people', slug: match[2] } : null;
}

/** The link that sets the reader's level and comes back to `returnTo` (works without JavaScript). */
export function setLevelHref(level: SpoilerLevel, returnTo: string): string {
  return `/spoilers?${new URLSearchParams({ level, return: returnTo })}`;
}

/** Only same-site paths are followed back after setting the level (no open redirect). */
export function safeReturnPath(value: string | null | undefined): string {
  return safeLocalPath(value, '/');
}
