/**
 * The reader interface's words in each language it has (lib/i18n/messages/{locale}.json, ICU
 * messages through use-intl, next-intl's core: plurals, selects), and the parts' words (headings,
 * counts) for a translation's language. English is the language the parts' registry is written
 * in (lib/page/parts): its headings and nouns are the registry's own; another language's are its
 * messages' `parts`. Pure: server and client components read it.
 */
import { createTranslator } from 'use-intl/core';
import { HEADED_PARTS, heading as registryHeading, type HeadedSectionId } from '../page/parts';
import { describeGain, type CountedPart } from '../spoilers/level-counts';
import { CONTENT_NOTE_KIND_LABELS, type ContentNoteKind } from '../content/content-note-kinds';
import { TRAIT_LABELS, type TraitKey } from '../page/parts/kind';
import { SPOILERS_AHEAD } from '../page/parts/story';
import { quizTeaser } from '../page/parts/quiz';
import { SEARCH_KINDS, type SearchKind } from '../page/search-documents';
import { englishLede, translatedLedes, type Ledes } from '../page/reader-lines';
import { FILTER_PROBLEMS, SORT_LABELS, filterWords, type FilmFilter, type FilmSort, type FilterProblem } from '../reader/film-filter';
import { regionName } from './locale-name';
import en from './messages/en.json';
import fr from './messages/fr.json';

/** The language the interface is written in, and the one a language without messages reads. */
export const INTERFACE_LOCALE = 'en';

type Messages = typeof en;
type PartMessages = typeof fr.parts;
type FilterMessages = typeof fr.filters;

const MESSAGES: Record<string, Messages & { parts?: PartMessages; filters?: FilterMessages }> = { en, fr };

/** The interface's words in a language, or in English for one it has no messages for. */
export type ReaderText = ReturnType<typeof createTranslator<Messages>>;

const translators = new Map<string, ReaderText>();

/** The language the interface can speak for a page in `locale`: its own, else its base language's (fr-CA: fr), else English. */
export function interfaceLocale(locale: string | undefined): string {
  if (!locale) return INTERFACE_LOCALE;
  const base = locale.split('-')[0];
  return locale in MESSAGES ? locale : base in MESSAGES ? base : INTERFACE_LOCALE;
}

export function readerText(locale?: string): ReaderText {
  const language = interfaceLocale(locale);
  let text = translators.get(language);
  if (!text) translators.set(language, (text = createTranslator({ locale: language, messages: MESSAGES[language] as Messages })));
  return text;
}

/**
 * The quiz's words for its client components (the quiz taker and its results): the messages'
 * `quizTaker` as plain templates, whose `{n}`, `{total}` and `{count}` the browser fills
 * (components/quiz/quiz-words.ts), so no message formatter is sent to it.
 */
export type QuizWords = Messages['quizTaker'];

export function quizWords(locale?: string): QuizWords {
  return MESSAGES[interfaceLocale(locale)].quizTaker;
}

/** The languages that have interface messages (each must have every key English has: reader-text.test.ts). */
export const INTERFACE_LOCALES = Object.keys(MESSAGES);

/** A part's words in a language: its section heading and label, and a count of its items ("3 events", "3 more events"). */
export type PartWords = {
  heading: (section: HeadedSectionId, title: string) => string;
  label: (section: HeadedSectionId) => string;
  /** What a level would add (`more`) or take away, the parts joined as the language joins a list. */
  gain: (gains: Array<{ part: CountedPart; count: number }>, more?: boolean) => string;
  /** "3 events" (`more`: "3 more events"). */
  count: (part: CountedPart, count: number, more?: boolean) => string;
  /** A kind of content note ("illness"). */
  noteKind: (kind: ContentNoteKind) => string;
  /** A kind-of-film trait's name ("Tone"). */
  trait: (key: TraitKey) => string;
  /** The full story's warning. */
  spoilersAhead: string;
  /** The quiz section's invitation. */
  quizTeaser: (title: string) => string;
  /** What a search hit is ("Timeline event"). */
  searchKind: (kind: SearchKind) => string;
  /** The line under a section's heading on a reader's page. */
  lede: Ledes;
};

const ENGLISH_LABELS = Object.fromEntries(HEADED_PARTS.map(({ id, label }) => [id, label])) as Record<HeadedSectionId, string>;

const partWordsByLocale = new Map<string, PartWords>();

export function partWords(locale?: string): PartWords {
  const language = interfaceLocale(locale);
  const parts = MESSAGES[language].parts;
  if (language === INTERFACE_LOCALE || !parts) return ENGLISH_PART_WORDS;
  let words = partWordsByLocale.get(language);
  if (!words) {
    const t = createTranslator({ locale: language, messages: { parts } });
    const list = new Intl.ListFormat(language, { type: 'conjunction' });
    const count = (part: CountedPart, n: number, more = false) => t(`parts.${more ? 'more' : 'counts'}.${part}`, { count: n });
    words = {
      heading: (section, title) => t(`parts.headings.${section}`, { title }),
      label: (section) => t(`parts.labels.${section}`),
      count,
      gain: (gains, more = true) => list.format(gains.map(({ part, count: n }, i) => count(part, n, more && i === 0))),
      noteKind: (kind) => t(`parts.noteKinds.${kind}`),
      trait: (key) => t(`parts.traits.${key}`),
      spoilersAhead: t('parts.spoilersAhead'),
      quizTeaser: (title) => t('parts.quizTeaser', { title }),
      searchKind: (kind) => t(`parts.searchKinds.${kind}`),
      lede: translatedLedes(t, language),
    };
    partWordsByLocale.set(language, words);
  }
  return words;
}

const ENGLISH_PART_WORDS: PartWords = {
  heading: registryHeading,
  label: (section) => ENGLISH_LABELS[section],
  gain: describeGain,
  count: (part, n, more = false) => describeGain([{ part, count: n }], more),
  noteKind: (kind) => CONTENT_NOTE_KIND_LABELS[kind],
  trait: (key) => TRAIT_LABELS[key],
  spoilersAhead: SPOILERS_AHEAD,
  quizTeaser,
  searchKind: (kind) => SEARCH_KINDS[kind].label,
  lede: englishLede,
};

/** The film list's filter words in a language: its facets, chosen filters, orders and problems. */
export type FilterText = {
  browse: string;
  facet: Record<'genre' | 'year' | 'country', string>;
  decade: (decade: number) => string;
  chosen: string;
  showing: string;
  /** What a chosen filter's ✕ says to a screen reader. */
  remove: (what: 'genre' | 'year' | 'country') => string;
  clearAll: string;
  sortFilms: string;
  sortBy: string;
  sort: (sort: FilmSort) => string;
  /** A sorted, unfiltered list's title ("Films by title a–z"). */
  sortedBy: (sort: FilmSort) => string;
  problem: (field: FilterProblem['field']) => string;
  showingAll: string;
  /** The filter's values in words ("drama, 2017, Canada"). */
  words: (filter: FilmFilter) => string;
  filtered: (what: string, page: number, pages: number) => string;
  noMatch: (what: string) => string;
  noMatchHint: string;
  seeAll: string;
};

const ENGLISH_FILTER_TEXT: FilterText = {
  browse: 'Browse films',
  facet: { genre: 'Genre', year: 'Year', country: 'Country' },
  decade: (decade) => `${decade}s`,
  chosen: 'Chosen filters',
  showing: 'Showing',
  remove: (what) => ` (remove this ${what} filter)`,
  clearAll: 'Clear all filters',
  sortFilms: 'Sort films',
  sortBy: 'Sort by',
  sort: (sort) => SORT_LABELS[sort],
  sortedBy: (sort) => `Films by ${SORT_LABELS[sort].toLowerCase()}`,
  problem: (field) => FILTER_PROBLEMS[field].message,
  showingAll: 'Showing all films.',
  words: filterWords,
  filtered: (what, page, pages) => `Films: ${what}${page > 1 ? `, page ${page} of ${pages}` : ''}`,
  noMatch: (what) => `No films match ${what}.`,
  noMatchHint: 'Remove a filter above, or',
  seeAll: 'see all films',
};

const filterTextByLocale = new Map<string, FilterText>();

/** The list's filter words: English the list's own (lib/reader/film-filter.ts), another language's from its messages' `filters`. */
export function filterText(locale?: string): FilterText {
  const language = interfaceLocale(locale);
  const filters = MESSAGES[language].filters;
  if (language === INTERFACE_LOCALE || !filters) return ENGLISH_FILTER_TEXT;
  let text = filterTextByLocale.get(language);
  if (!text) {
    const t = createTranslator({ locale: language, messages: { filters } });
    text = {
      browse: t('filters.browse'),
      facet: { genre: t('filters.genre'), year: t('filters.year'), country: t('filters.country') },
      decade: (decade) => t('filters.decade', { decade: String(decade) }),
      chosen: t('filters.chosen'),
      showing: t('filters.showing'),
      remove: (what) => ` ${t('filters.remove', { what })}`,
      clearAll: t('filters.clearAll'),
      sortFilms: t('filters.sortFilms'),
      sortBy: t('filters.sortBy'),
      sort: (sort) => t(`filters.sorts.${sort}`),
      sortedBy: (sort) => t('filters.sortedBy', { sort: t(`filters.sorts.${sort}`).toLocaleLowerCase(language) }),
      problem: (field) => t(`filters.problems.${field}`),
      showingAll: t('filters.showingAll'),
      words: (filter) => filterWords(filter, (code) => regionName(code, language)),
      filtered: (what, page, pages) =>
        page > 1 ? t('filters.filteredPage', { what, page: String(page), pages: String(pages) }) : t('filters.filtered', { what }),
      noMatch: (what) => t('filters.noMatch', { what }),
      noMatchHint: t('filters.noMatchHint'),
      seeAll: t('filters.seeAll'),
    };
    filterTextByLocale.set(language, text);
  }
  return text;
}
