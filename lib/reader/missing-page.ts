/**
 * The 404 pages. proxy.ts rewrites a reader address that names nothing published to MISSING_PATH,
 * which no route matches, so the site's not-found page renders as real HTML; in a translation, to
 * its language's missing page (`/{locale}/_missing`, in that language's document, its 404 status
 * set by proxy.ts). A not-found page is part of every page's tree and must stay static, so it
 * cannot tell which address it was: the words of its section (`missing.*` in the messages) fit
 * films, people and anything else under it. Kept free of server-only imports: proxy.ts uses it.
 */
export const MISSING_PATH = '/_missing';

/** Where a translation's pages send an address that names nothing published. */
export const translatedMissingPath = (locale: string) => `/${locale}${MISSING_PATH}`;

/** Either kind of missing route (a rewrite's destination): the 404 page's cache policy goes with it. */
export const isMissingPath = (pathname: string) => pathname === MISSING_PATH || pathname === translatedMissingPath(pathname.split('/')[1]);

/** Which words a 404 page uses: any page, or a segment that only serves films or people. */
export type MissingSection = 'films' | 'people' | 'page';
