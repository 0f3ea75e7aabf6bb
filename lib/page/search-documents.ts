import type { FilmContent } from '../content/schema';
import type { SearchDocumentInput, SearchKindSpec } from './part';
import { pageCredits } from './credits';
import { PAGE_PARTS, type AnyPart } from './parts';
import { levelRank, type SpoilerLevel } from '../spoilers/levels';
import { filmPath, personPath } from '../reader/reader-address.mjs';

export type { SearchDocumentInput };

type SearchedPart = Extract<AnyPart, { search: object }>;
const SEARCHED = PAGE_PARTS.filter((part): part is SearchedPart => 'search' in part);

/** A person: one document per person the page names, whatever their roles. */
const PERSON_KIND = { person: { label: 'Person', anchor: 'person', named: true, termsFromTitle: true } } as const satisfies Record<
  string,
  SearchKindSpec
>;

type KindsOf<P> = P extends { search: { kinds: infer K } } ? keyof K : never;
export type SearchKind = KindsOf<SearchedPart> | keyof typeof PERSON_KIND;

/** Every kind of search document, with how results show and link it (the parts' `search.kinds`). */
export const SEARCH_KINDS: Record<SearchKind, SearchKindSpec> = Object.assign(
  {},
  ...SEARCHED.map((part) => part.search.kinds),
  PERSON_KIND,
);

/**
 * Splits a page into search documents, each part its own (lib/page/parts, `search`). Every
 * document holds content of exactly one spoiler level, so filtering documents by level in SQL is
 * enough to keep matches and snippets spoiler-safe.
 */
export function buildSearchDocuments(content: FilmContent): SearchDocumentInput[] {
  const docs = SEARCHED.flatMap((part) => (part.search.documents as (content: FilmContent) => SearchDocumentInput[])(content));
  // Names are not spoilers: an actor is findable whatever the level of the parts they play, and
  // so are directors and writers: one document per person, naming all their roles.
  const roles = new Map<string, { name: string; roles: string[] }>();
  for (const { person, role } of pageCredits(content)) {
    const entry = roles.get(person.slug) ?? { name: person.name, roles: [] };
    entry.roles.push(role);
    roles.set(person.slug, entry);
  }
  const people = [...roles].map(([slug, person], position): SearchDocumentInput => {
    const body =
      person.roles.join() === 'cast member'
        ? `${person.name} in ${content.title}`
        : `${person.name}, ${person.roles.join(' and ')} of ${content.title}`;
    return { kind: 'person', itemId: slug, position, level: 'none', title: person.name, body };
  });
  return [...docs, ...people];
}

/** A word as search terms and queries split it: lower case, letters and digits only. */
export const termWords = (text: string): string[] =>
  text
    .toLocaleLowerCase('en')
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Shorter words are never corrected (and "did you mean" never offers one). */
export const MIN_TERM_LENGTH = 3;

/**
 * The words of a page's names (films', people's and characters' titles) and places, each at the
 * lowest level of a document that holds it: what "did you mean" may correct a query to.
 */
export function buildSearchTerms(docs: SearchDocumentInput[]): Array<{ word: string; level: SpoilerLevel }> {
  const terms = new Map<string, SpoilerLevel>();
  for (const doc of docs) {
    const names = [...(SEARCH_KINDS[doc.kind as SearchKind]?.termsFromTitle ? [doc.title] : []), ...(doc.names ?? [])];
    for (const word of names.flatMap(termWords)) {
      if (word.length < MIN_TERM_LENGTH || word.length > 64) continue;
      const known = terms.get(word);
      if (!known || levelRank(doc.level) < levelRank(known)) terms.set(word, doc.level);
    }
  }
  return [...terms].map(([word, level]) => ({ word, level }));
}

/** Where a search hit lives on the site: the film page's item or section anchor, or a person's page. */
export function searchHitHref(kind: SearchKind, itemId: string, filmSlug: string, locale?: string): string {
  const film = filmPath(filmSlug, locale);
  switch (SEARCH_KINDS[kind].anchor) {
    case 'film':
      return film;
    case 'person':
      return personPath(itemId, locale);
    case 'item':
      return `${film}#${kind}-${itemId}`;
    case 'section':
      return `${film}#${kind}`;
  }
}
