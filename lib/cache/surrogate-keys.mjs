// @ts-check
/**
 * The tags that name what a reader page shows, as shared caches (Varnish, Fastly, Cloudflare) see
 * them: `Surrogate-Key: film:kiss-and-cry person:x films` and `Cache-Tag: film:kiss-and-cry,…` on
 * every response they may keep (server/serve.mjs), purged by lib/cache/purge-shared-caches.ts with
 * exactly the tags lib/cache/invalidate-film-pages.ts invalidates in the page cache. Plain
 * JavaScript: the server wrapper reads it before Next.
 */

/** Every list (home, pages, filters, the people index), search and the sitemap. */
export const FILMS_TAG = 'films';
/** @param {string} slug */
export const filmTag = (slug) => `film:${slug}`;
/** @param {string} slug */
export const personTag = (slug) => `person:${slug}`;

/** The app's own tags (not Next's implicit `_N_T_` ones), in the characters deploy/varnish.vcl accepts. */
const APP_TAG = /^(?:films|(?:film|person):[a-z0-9][a-z0-9._-]*)$/;
export const SURROGATE_KEY_HEADER = 'surrogate-key';
export const CACHE_TAG_HEADER = 'cache-tag';

/**
 * The tags the address of a reader page names by itself: its film's, its person's, else the lists'.
 * A response carries them even before the page cache has told its tags (a page's first render), so
 * a purge finds it; the purge of a change names the same tags (invalidate-film-pages.ts).
 * @param {string} pathname the public address, or the path Next rendered
 * @returns {string[]}
 */
export function addressTags(pathname) {
  // A film's page in a translation's language (`/fr/films/…`) is the film's too.
  const match = /^\/(?:[a-z]{2,3}(?:-[A-Z]{2})?\/)?(?:api\/v1\/)?(films|people)\/([^/]+)/.exec(pathname);
  if (!match) return [FILMS_TAG];
  let slug;
  try {
    slug = decodeURIComponent(match[2]);
  } catch {
    return [];
  }
  const tag = match[1] === 'films' ? filmTag(slug) : personTag(slug);
  return APP_TAG.test(tag) ? [tag] : [];
}

/**
 * The tags a response carries: the app's own of `pageTags` (the page cache's record, pageTagsOf of
 * lib/cache/tag-versions.mjs; null when not known) and those of each address, once each.
 * @param {string[] | null} pageTags
 * @param {string[]} addresses
 * @returns {string[]}
 */
export function surrogateKeysOf(pageTags, addresses) {
  const keys = new Set((pageTags ?? []).filter((tag) => APP_TAG.test(tag)));
  for (const address of addresses) for (const tag of addressTags(address)) keys.add(tag);
  return [...keys];
}
