import type { ComponentProps } from 'react';

/**
 * A link to a filtered film list (`/?genre=…&year=…`, `/page/N?…`): a plain `<a>`, so following it
 * loads the document, never a client-side navigation. Next's router takes `/` and `/page/N` for
 * static pages that cannot read their query, so it shows its cached unfiltered page for any query
 * without asking the server; the filter only exists in proxy.ts's rewrite onto `/filter/…`. A
 * document load gets that rewrite (a cached page, as fast as the list itself).
 */
export function FilmListLink(props: Omit<ComponentProps<'a'>, 'href'> & { href: string }) {
  return <a {...props} />;
}
