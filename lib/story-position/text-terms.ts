import { stemmer } from 'stemmer';
import { stopwords } from '@orama/stopwords/english';

/**
 * The terms a text names, as the spoiler suggestions compare them: content words reduced to their
 * Porter stem ("cancerous" and "cancer" are one term) and pairs of neighbouring content words
 * ("clear cell", "cell sarcoma"). Function words (Snowball's English stop words) and words that
 * describe the page rather than the plot ("film", "story") name nothing. Number words count as
 * their digits, so "nineteen" and "19" are one term. Pure and deterministic: the browser and the
 * server split a text the same way.
 */

export type TermKind = 'word' | 'pair';

/** One occurrence of a term in a text: `start`/`end` are offsets into that text, for quoting it. */
export type Term = { key: string; kind: TermKind; start: number; end: number };

/**
 * A content word of a text, in order. `joined`: no punctuation stands between it and the previous
 * content word; `adjacent`: nothing but a space or hyphen does; `sentence`: which sentence of the
 * text holds it; `name`: capitalised where a sentence does not start ("John", "Selena Gomez").
 */
export type ContentWord = { stem: string; start: number; end: number; joined: boolean; adjacent: boolean; sentence: number; name: boolean };

/** Words that describe the page or the telling, not anything that happens. */
const PAGE_WORDS = [
  'film',
  'films',
  'movie',
  'movies',
  'story',
  'stories',
  'scene',
  'scenes',
  'character',
  'characters',
  'plot',
  'narrative',
  'viewer',
  'viewers',
  'audience',
  'also',
  'even',
  'just',
  'yet',
  'ever',
  'every',
  'one',
  'ones',
  'much',
  'many',
];
const STOP = new Set([...stopwords, ...PAGE_WORDS].map((word) => foldWord(word)));

const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  [
    'zero',
    '',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
    'twenty',
  ]
    .map((word, n) => [word, String(n)] as const)
    .filter(([word]) => word !== '')
    .concat([
      ['thirty', '30'],
      ['forty', '40'],
      ['fifty', '50'],
      ['sixty', '60'],
      ['seventy', '70'],
      ['eighty', '80'],
      ['ninety', '90'],
      ['hundred', '100'],
    ]),
);

/** Lower case, accents and apostrophes folded, a possessive "’s" dropped: "Carley’s" → "carley". */
function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/['’‘`]s$/u, '')
    .replace(/['’‘`]/gu, '');
}

/** The stem a word is compared by, or null for a word that names nothing. */
export function stemOf(word: string): string | null {
  const folded = foldWord(word);
  if (folded === '' || STOP.has(folded)) return null;
  const number = NUMBER_WORDS[folded];
  if (number !== undefined) return number;
  if (/^\p{N}+$/u.test(folded)) return folded;
  if (folded.length < 2 || !/\p{L}/u.test(folded)) return null;
  return stemmer(folded);
}

const words = new Intl.Segmenter('en', { granularity: 'word' });
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A text's sentences, with their offsets. */
export function sentencesOf(text: string): Array<{ text: string; start: number }> {
  return [...sentences.segment(text)].map((s) => ({ text: s.segment, start: s.index })).filter((s) => /[\p{L}\p{N}]/u.test(s.text));
}

/** Punctuation that ends a phrase: a pair never spans it (hyphens and apostrophes join words). */
const PHRASE_BREAK = /[^\s\-‐‑'’]/u;

/** Splitting text is the costly part, and a page's texts are read many times per suggestion: kept, boundedly. */
const SPLIT_KEPT = 5_000;
const split = new Map<string, readonly ContentWord[]>();

/** The content words of a text, in order. */
export function contentWords(text: string): readonly ContentWord[] {
  const kept = split.get(text);
  if (kept) return kept;
  if (split.size >= SPLIT_KEPT) split.clear();
  const found = splitWords(text);
  split.set(text, found);
  return found;
}

function splitWords(text: string): readonly ContentWord[] {
  const found: ContentWord[] = [];
  sentencesOf(text).forEach(({ text: sentence, start: offset }, index) => {
    let joined = false;
    let adjacent = false;
    let initial = true;
    for (const segment of words.segment(sentence)) {
      if (!segment.isWordLike) {
        if (PHRASE_BREAK.test(segment.segment)) joined = false;
        if (!/^[\s\-‐‑]*$/u.test(segment.segment)) adjacent = false;
        continue;
      }
      const stem = stemOf(segment.segment);
      const name = !initial && /^\p{Lu}/u.test(segment.segment);
      initial = false;
      if (stem === null) {
        adjacent = false;
        continue;
      }
      const start = offset + segment.index;
      found.push({ stem, start, end: start + segment.segment.length, joined, adjacent, sentence: index, name });
      joined = true;
      adjacent = true;
    }
  });
  return Object.freeze(found);
}

/** Every term occurrence in a text: each content word, and each pair of side-by-side ones ("clear cell", "drum set"). */
export function termsOf(text: string): Term[] {
  const list = contentWords(text);
  const terms: Term[] = [];
  list.forEach((word, i) => {
    terms.push({ key: word.stem, kind: 'word', start: word.start, end: word.end });
    const previous = list[i - 1];
    if (previous && word.adjacent && word.sentence === previous.sentence && previous.stem !== word.stem) {
      terms.push({ key: `${previous.stem} ${word.stem}`, kind: 'pair', start: previous.start, end: word.end });
    }
  });
  return terms;
}

/** The distinct term keys of a text. */
export function termKeys(text: string): Set<string> {
  return new Set(termsOf(text).map((term) => term.key));
}
