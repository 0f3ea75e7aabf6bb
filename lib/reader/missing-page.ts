/**
 * What the 404 pages say. proxy.ts rewrites a reader address that names nothing published to
 * MISSING_PATH, which no route matches, so the site's not-found page renders as real HTML. That page
 * is part of every page's tree and must stay static, so it cannot tell which address it was: its
 * words fit films, people and anything else. Kept free of server-only imports: proxy.ts uses it.
 */
export const MISSING_PATH = '/_missing';

export type MissingWhat = { what: string; hint: string };

const COPY: Record<'films' | 'people' | 'page', MissingWhat> = {
  films: {
    what: 'Film',
    hint: 'There is no published film at this address. It may have been renamed or taken off the site for now. Search for it by title, actor or place, or browse all films.',
  },
  people: {
    what: 'Person',
    hint: 'Nobody with a page lives at this address: people have a page while they play a part in a published film. Search for them by name.',
  },
  page: {
    what: 'Page',
    hint: 'Nothing is published at this address. A film or a person may have been renamed or taken off the site for now. Check the spelling, search by title, name or place, or start from the list of films.',
  },
};

export function missingCopy(section: 'films' | 'people' | 'page'): MissingWhat {
  return COPY[section];
}
