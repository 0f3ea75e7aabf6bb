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
import en from './messages/en.json';
import fr from './messages/fr.json';

/** The language the interface is written in, and the one a language without messages reads. */
export const INTERFACE_LOCALE = 'en';

type Messages = typeof en;
type PartMessages = typeof fr.parts;

const MESSAGES: Record<string, Messages & { parts?: PartMessages }> = { en, fr };

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
