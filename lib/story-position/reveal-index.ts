import { paragraphs } from '../content/derive';
import { contentWords, sentencesOf, termKeys } from './text-terms';
import type { StoryPage } from './story-page';

/**
 * Where in the story each term is first revealed. The timeline gives positions directly (a term
 * of event 5 is known from event 5 on); the full story adds what the events leave out, each of its
 * sentences placed at the event it tells (an in-order alignment, below). The premise, the title
 * and the facts are known from the start: their terms are the page's spoiler-free vocabulary.
 */

/** Two words at most this many content words apart are named together: "bills for medical care" names "medical bills". */
export const NEAR = 3;

export type FirstSeen = { position: number; source: 'event' | 'story' };

export type RevealIndex = {
  /** Timeline positions, 1..total: the number of events, or 1 for a page without a timeline (its story is one position). */
  total: number;
  /** Terms of the title, the premise and the facts. */
  spoilerFree: Set<string>;
  /** The first position at which the timeline or the story names each term. */
  firstSeen: Map<string, FirstSeen>;
  /** Each sentence of the full story with the event it was placed at. */
  storySentences: Array<{ text: string; position: number }>;
  /** Word stems the page writes with a capital inside a sentence: names of people, places, things. */
  names: Set<string>;
  /** In how many events and story sentences a word appears: the fewer, the more it tells. */
  occurrences: (stem: string) => number;
  /** The first position at which the timeline or the story names both words close together (NEAR); null if never. */
  firstTogether: (a: string, b: string) => number | null;
};

/**
 * Places story sentences at events, in order: each sentence goes to the event it shares the most
 * (rarer terms weigh more) with, no sentence placed before the one above it. Among equally good
 * placements the later event wins, so a sentence that matches nothing is placed with the sentence
 * after it, and a sentence that tells several events is dated by the latest: a term it names is
 * then dated later rather than too early (the safe side).
 */
export function alignSentences(sentences: Array<Set<string>>, events: Array<Set<string>>): number[] {
  const n = events.length;
  if (sentences.length === 0) return [];
  if (n === 0) return sentences.map(() => 1);
  const documentCount = new Map<string, number>();
  for (const terms of events) for (const key of terms) documentCount.set(key, (documentCount.get(key) ?? 0) + 1);
  const weight = (key: string) => Math.log(1 + n / (documentCount.get(key) ?? Infinity));
  const similarity = sentences.map((terms) =>
    events.map((eventTerms) => [...terms].reduce((sum, key) => sum + (eventTerms.has(key) ? weight(key) : 0), 0)),
  );

  // score[s][e]: the best total similarity of sentences 0..s with sentence s at event e.
  const score: number[][] = [];
  const bestUpTo: number[][] = [];
  similarity.forEach((row, s) => {
    score[s] = row.map((value, e) => value + (s === 0 ? 0 : bestUpTo[s - 1][e]));
    let running = -Infinity;
    bestUpTo[s] = score[s].map((value) => (running = Math.max(running, value)));
  });
  const latestBest = (row: number[], limit: number) => {
    let best = 0;
    for (let e = 0; e <= limit; e += 1) if (row[e] >= row[best] - 1e-9) best = e;
    return best;
  };
  const placed: number[] = new Array(sentences.length);
  let limit = n - 1;
  for (let s = sentences.length - 1; s >= 0; s -= 1) {
    limit = latestBest(score[s], limit);
    placed[s] = limit;
  }
  // A sentence can tell several events: it is dated by the latest one it shares a rare word with,
  // up to where the next sentence is placed.
  const rare = (key: string) => (documentCount.get(key) ?? Infinity) <= Math.max(1, n / 4);
  return placed.map((at, s) => {
    const upTo = s + 1 < placed.length ? placed[s + 1] : n - 1;
    let latest = at;
    for (let e = at + 1; e <= upTo; e += 1) if ([...sentences[s]].some((key) => rare(key) && events[e].has(key))) latest = e;
    return latest + 1;
  });
}

export function buildRevealIndex(page: StoryPage): RevealIndex {
  const spoilerFree = new Set(page.spoilerFree.flatMap((t) => [...termKeys(t.text)]));
  const events = page.items.filter((item) => item.position !== null).sort((a, b) => a.position! - b.position!);
  const eventTerms = events.map((event) => new Set(event.texts.flatMap((t) => [...termKeys(t.text)])));
  const sentences = paragraphs(page.story).flatMap((p) => sentencesOf(p.text).map((s) => s.text.trim()));
  const sentenceTerms = sentences.map((text) => termKeys(text));
  const positions = alignSentences(sentenceTerms, eventTerms);

  const firstSeen = new Map<string, FirstSeen>();
  const see = (key: string, position: number, source: FirstSeen['source']) => {
    const known = firstSeen.get(key);
    if (!known || position < known.position) firstSeen.set(key, { position, source });
  };
  eventTerms.forEach((terms, i) => terms.forEach((key) => see(key, i + 1, 'event')));
  sentenceTerms.forEach((terms, s) => terms.forEach((key) => see(key, positions[s], 'story')));

  // Units of the plot (each event, each story sentence) as their words in order, for "named close together".
  const units = [
    ...events.map((event, i) => ({ words: event.texts.flatMap((t) => contentWords(t.text).map((w) => w.stem)), position: i + 1 })),
    ...sentences.map((text, s) => ({ words: contentWords(text).map((w) => w.stem), position: positions[s] })),
  ];
  const unitsOf = new Map<string, Set<number>>();
  units.forEach((unit, u) => unit.words.forEach((stem) => unitsOf.set(stem, (unitsOf.get(stem) ?? new Set()).add(u))));
  const near = (words: string[], a: string, b: string) => {
    let lastA = -Infinity;
    let lastB = -Infinity;
    for (let i = 0; i < words.length; i += 1) {
      if (words[i] === a) lastA = i;
      if (words[i] === b) lastB = i;
      if (Math.abs(lastA - lastB) <= NEAR) return true;
    }
    return false;
  };
  const firstTogether = (a: string, b: string): number | null => {
    const inB = unitsOf.get(b) ?? new Set<number>();
    let first: number | null = null;
    for (const u of unitsOf.get(a) ?? []) {
      if (inB.has(u) && (first === null || units[u].position < first) && near(units[u].words, a, b)) first = units[u].position;
    }
    return first;
  };

  // The title is left out: a title capitalises every word.
  const texts = [
    ...page.spoilerFree.filter((t) => t.field !== 'title').map((t) => t.text),
    page.story,
    ...page.items.flatMap((item) => item.texts.map((t) => t.text)),
  ];
  const names = new Set(
    texts.flatMap((text) =>
      contentWords(text)
        .filter((w) => w.name && !/^\p{N}+$/u.test(w.stem))
        .map((w) => w.stem),
    ),
  );
  return {
    total: Math.max(1, events.length),
    spoilerFree,
    firstSeen,
    storySentences: sentences.map((text, s) => ({ text, position: positions[s] })),
    names,
    occurrences: (stem) => unitsOf.get(stem)?.size ?? 0,
    firstTogether,
  };
}
