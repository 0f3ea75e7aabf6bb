// Its own module, free of zod and of the cookie code: the film page's one small island (ReadingPosition) imports it.

/**
 * A level link that comes back to `section` (`#section`, or the top when null): the `return` path
 * of a /spoilers link, or the link's own fragment (the editor preview's links). Relative in,
 * relative out; a link that is only a fragment (switching a preview in place) is left alone.
 */
export function returnToSection(href: string, section: string | null): string {
  if (href.startsWith('#')) return href;
  const url = new URL(href, 'http://same-origin.invalid');
  const back = url.searchParams.get('return');
  if (back !== null) {
    const path = back.split('#')[0];
    url.searchParams.set('return', section ? `${path}#${section}` : path);
  } else {
    url.hash = section ? section : '';
  }
  return url.pathname + url.search + url.hash;
}
