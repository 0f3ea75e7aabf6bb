import type { SpoilerLevel } from '../spoilers/levels';
import { contentWords, termKeys, termsOf } from './text-terms';
import { outcomeWordsIn } from './outcome-words';
import { lastPositionAt, levelForPosition, stretchOf, type PositionShares } from './level-for-position';
import { NEAR, type RevealIndex } from './reveal-index';
import type { StoryItem } from './story-page';

/**
 * What one item gives away, judged from the page alone: the latest point of the story it names
 * (`revealedAt`), the level that point belongs to, the phrase that decides it and why, in words.
 * The suggestions are these assessments; the lint compares them with the levels an editor set.
 */

/** What an item names that decides its level: where it is (`field`), the words, and how far into the story they are. */
export type Evidence = {
  field: string;
  phrase: string;
  /** The timeline position the phrase is first revealed at; an outcome word counts as the end. */
  position: number;
  /** plot: named by the timeline or the story; outcome: says how things turn out; ending: the kind of film's ending. */
  kind: 'plot' | 'outcome' | 'ending' | 'event';
  source: 'event' | 'story' | null;
  /** The term it is, for a word or a side-by-side pair (text-terms.ts); words named close together have none. */
  key?: string;
};

export type Assessment = {
  revealedAt: number | null;
  level: SpoilerLevel;
  reason: string;
  evidence: Evidence | null;
};

export type AssessContext = {
  index: RevealIndex;
  shares: PositionShares;
  /** Terms of the kind of film's ending value that the premise does not use ("sad"). */
  endingTerms: Set<string>;
};

const capital = (level: SpoilerLevel) => ({ none: 'None', light: 'Light', full: 'Full' })[level];
const quote = (phrase: string) => `‘${phrase}’`;

/** The phrase around a term: neighbouring content words first revealed at the same point join it ("clear cell sarcoma"). */
function phraseAround(text: string, start: number, end: number, position: number, index: RevealIndex, namesOnly = false): string {
  const list = contentWords(text);
  let first = list.findIndex((w) => w.start >= start);
  let last = list.findLastIndex((w) => w.end <= end);
  if (first < 0 || last < 0) return text.slice(start, end);
  const samePoint = (i: number) => {
    const stem = list[i].stem;
    return !index.spoilerFree.has(stem) && index.firstSeen.get(stem)?.position === position && (!namesOnly || list[i].name);
  };
  const longest = 4;
  while (first > 0 && last - first + 1 < longest && list[first].adjacent && samePoint(first - 1)) first -= 1;
  while (last < list.length - 1 && last - first + 1 < longest && list[last + 1].adjacent && samePoint(last + 1)) last += 1;
  return text.slice(list[first].start, list[last].end);
}

/** Stronger evidence first: the later point, then an outcome over a plot term, then the longer phrase, then the earlier in the text. */
function stronger(a: Evidence & { at: number }, b: Evidence & { at: number }): boolean {
  if (a.position !== b.position) return a.position > b.position;
  const rank = (e: Evidence) => (e.kind === 'plot' ? 0 : 1);
  if (rank(a) !== rank(b)) return rank(a) > rank(b);
  const together = (e: Evidence) => e.phrase.includes(' … ');
  if (together(a) !== together(b)) return together(b);
  if (a.phrase.length !== b.phrase.length) return a.phrase.length > b.phrase.length;
  return a.at < b.at;
}

/**
 * A text of at most this many content words is a label (a tag, a mood, a quiz option): every
 * word of it names something. In longer prose a lone common word ("time", "together") says
 * little, so prose counts names, numbers, phrases and words the plot names together.
 */
const LABEL_WORDS = 3;

const isNumber = (stem: string) => /^\p{N}+$/u.test(stem);

/** A term an item names outright: a word of a label, a name, a number, or two words side by side. */
export type NamedTerm = { key: string; field: string; phrase: string };

/** What an item names outright beyond the premise (see LABEL_WORDS); `labels: false` reads every text as prose. */
export function namedTerms(item: StoryItem, index: RevealIndex, { labels = true }: { labels?: boolean } = {}): NamedTerm[] {
  const event = item.position !== null;
  const named: NamedTerm[] = [];
  for (const { field, text } of item.texts) {
    const words = contentWords(text);
    const label = labels && words.length <= LABEL_WORDS;
    for (const word of words) {
      if (index.spoilerFree.has(word.stem)) continue;
      if (event || label || index.names.has(word.stem) || isNumber(word.stem))
        named.push({ key: word.stem, field, phrase: text.slice(word.start, word.end) });
    }
    for (const term of termsOf(text)) {
      // A pair of words the premise both uses is covered by it, even if it never puts them side by side.
      if (term.kind !== 'pair' || index.spoilerFree.has(term.key) || term.key.split(' ').every((stem) => index.spoilerFree.has(stem)))
        continue;
      named.push({ key: term.key, field, phrase: text.slice(term.start, term.end) });
    }
  }
  return named;
}

/** Everything an item names beyond the premise, each with the point it is revealed at; `labels: false` reads every text as prose. */
export function findEvidence(item: StoryItem, context: AssessContext, { labels = true }: { labels?: boolean } = {}): Evidence[] {
  const { index, endingTerms } = context;
  const event = item.position !== null;
  const found: Evidence[] = [];
  for (const { key, field, phrase } of namedTerms(item, index, { labels })) {
    const seen = index.firstSeen.get(key);
    if (seen) found.push({ field, phrase, position: seen.position, kind: 'plot', source: seen.source, key });
  }
  if (event) return found;
  for (const { field, text } of item.texts) {
    const words = contentWords(text);
    const open = words.filter((w) => !index.spoilerFree.has(w.stem));
    if (!item.ending)
      for (const word of open)
        if (endingTerms.has(word.stem))
          found.push({ field, phrase: text.slice(word.start, word.end), position: index.total, kind: 'ending', source: null });
    // Two words close together that the plot first names close together: a phrase reworded ("bills for medical care").
    open.forEach((a, i) => {
      for (const b of open.slice(i + 1)) {
        if (a.sentence !== b.sentence || a.stem === b.stem || words.indexOf(b) - words.indexOf(a) > NEAR) continue;
        const position = index.firstTogether(a.stem, b.stem);
        if (position !== null)
          found.push({
            field,
            phrase: `${text.slice(a.start, a.end)} … ${text.slice(b.start, b.end)}`,
            position,
            kind: 'plot',
            source: null,
          });
      }
    });
    for (const match of outcomeWordsIn(text)) {
      const phrase = text.slice(match.start, match.end);
      if ([...termKeys(phrase)].every((key) => index.spoilerFree.has(key))) continue;
      found.push({ field, phrase, position: index.total, kind: 'outcome', source: null });
    }
  }
  return found;
}

/** The one piece of evidence that decides an item's level, its phrase widened to the words around it. */
export function strongestEvidence(item: StoryItem, found: Evidence[], index: RevealIndex): Evidence | null {
  let best: (Evidence & { at: number }) | null = null;
  found.forEach((evidence, at) => {
    const candidate = { ...evidence, at };
    if (!best || stronger(candidate, best)) best = candidate;
  });
  if (!best) return null;
  const { at: _at, ...evidence } = best as Evidence & { at: number };
  if (evidence.kind !== 'plot' || evidence.phrase.includes(' … ')) return evidence;
  const text = item.texts.find((t) => t.field === evidence.field)!.text;
  const start = text.indexOf(evidence.phrase);
  return { ...evidence, phrase: phraseAround(text, start, start + evidence.phrase.length, evidence.position, index) };
}

function revealedWhere(evidence: Evidence, index: RevealIndex): string {
  if (index.storySentences.length > 0 && index.total === 1 && evidence.source === 'story') return 'which only the full story reveals';
  const at = `event ${evidence.position} of ${index.total}`;
  if (evidence.source === null) return `first told together by ${at}`;
  return evidence.source === 'story' ? `first revealed in the full story, at ${at}` : `first revealed by ${at}`;
}

/** What an event is the first to name, for its reason: a name if it has one, else its longest new word (long words tend to be the specific ones). */
function eventNews(item: StoryItem, index: RevealIndex): { field: string; phrase: string } | null {
  let best: { field: string; text: string; start: number; end: number; name: boolean } | null = null;
  for (const { field, text } of item.texts) {
    for (const word of contentWords(text)) {
      if (index.spoilerFree.has(word.stem) || index.firstSeen.get(word.stem)?.position !== item.position) continue;
      const candidate = { field, text, start: word.start, end: word.end, name: word.name && index.names.has(word.stem) };
      if (
        !best ||
        (candidate.name && !best.name) ||
        (candidate.name === best.name && candidate.end - candidate.start > best.end - best.start)
      )
        best = candidate;
    }
  }
  return best && { field: best.field, phrase: phraseAround(best.text, best.start, best.end, item.position!, index, best.name) };
}

function assessEvent(item: StoryItem, context: AssessContext): Assessment {
  const { index, shares } = context;
  const position = item.position!;
  const named = item.texts.flatMap((t) => contentWords(t.text).map((w) => w.stem));
  if (named.length > 0 && named.every((key) => index.spoilerFree.has(key))) {
    return { revealedAt: null, level: 'none', reason: 'None: everything it names is already in the premise', evidence: null };
  }
  const level = levelForPosition(position, index.total, shares);
  const news = eventNews(item, index);
  return {
    revealedAt: position,
    level,
    reason: `${capital(level)}: event ${position} of ${index.total}, ${stretchOf(position, index.total, shares)}${news ? `; it first names ${quote(news.phrase)}` : ''}`,
    evidence: {
      field: news?.field ?? item.texts[0]?.field ?? item.path,
      phrase: news?.phrase ?? '',
      position,
      kind: 'event',
      source: 'event',
    },
  };
}

/** The level an item's own text calls for, and why. */
export function assessItem(item: StoryItem, context: AssessContext): Assessment {
  const { index, shares } = context;
  if (item.position !== null) return assessEvent(item, context);
  if (item.ending) {
    return {
      revealedAt: index.total,
      level: 'full',
      reason: 'Full: the kind of film’s ending says how the story ends',
      evidence: { field: item.texts[0].field, phrase: item.texts[0].text, position: index.total, kind: 'ending', source: null },
    };
  }
  const evidence = strongestEvidence(item, findEvidence(item, context), index);
  // A content note names something that happens, usually in words the plot never uses ("gore",
  // "cannibalism"): when the page cannot say when, it is not taken as no spoiler, but assumed
  // revealed by the middle (light; full on a page too short to have a middle).
  const words = item.texts.flatMap((t) => contentWords(t.text).map((w) => ({ ...w, text: t.text.slice(w.start, w.end) })));
  const unplaced = words.filter((w) => !index.spoilerFree.has(w.stem) && !index.firstSeen.has(w.stem));
  if (
    item.part === 'contentNote' &&
    unplaced.length > 0 &&
    (!evidence || levelForPosition(evidence.position, index.total, shares) === 'none')
  ) {
    const revealedAt = Math.max(1, lastPositionAt('light', index.total, shares));
    const level = levelForPosition(revealedAt, index.total, shares);
    return {
      revealedAt,
      level,
      reason: `${capital(level)}: the page never says when ${quote(unplaced[0].text)} happens, so it is taken as revealed by event ${revealedAt} of ${index.total}`,
      evidence: null,
    };
  }
  if (!evidence) {
    const premise = words.filter((w) => index.spoilerFree.has(w.stem)).length;
    const reason =
      premise === words.length
        ? 'None: everything it names is already in the premise'
        : premise === 0
          ? 'None: it names nothing the timeline or the story reveals'
          : 'None: beyond the premise, it names nothing the timeline or the story reveals';
    return { revealedAt: null, level: 'none', reason, evidence: null };
  }
  const level = levelForPosition(evidence.position, index.total, shares);
  const reason =
    evidence.kind === 'outcome'
      ? `Full: ${quote(evidence.phrase)} says how the story turns out`
      : evidence.kind === 'ending'
        ? `Full: ${quote(evidence.phrase)} is how the kind of film describes the ending`
        : level === 'none'
          ? `None: the latest thing it names, ${quote(evidence.phrase)}, is ${revealedWhere(evidence, index)}, ${stretchOf(evidence.position, index.total, shares)}`
          : `${capital(level)}: names ${quote(evidence.phrase)}, ${revealedWhere(evidence, index)}`;
  return { revealedAt: evidence.position, level, reason, evidence };
}
