import { CONTENT_NOTE_KIND_LABELS, guessContentNoteKind } from '../content/content-note-kinds';
import type { SpoilerLevel } from '../spoilers/levels';
import { contentWords, termKeys, termsOf } from './text-terms';
import { outcomeWordsIn } from './outcome-words';
import { lastPositionAt, levelForPosition, stretchOf, type PositionShares } from './level-for-position';
import { NEAR, type RevealIndex } from './reveal-index';
import type { ItemText, StoryItem } from './story-page';
import { nounsOf } from './word-roles';

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
  /** How the term is named: a label's word, a name, a number, a side-by-side pair, an event's word (NamedTerm). */
  strength?: NamedTerm['strength'];
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

/**
 * What the premise names of an item that it introduces (a character by name, the setting by its
 * place, a theme by its title): such an item is no spoiler, whatever else its text says. Returns the
 * words the premise uses, or null. A possessive ("Sarah's mother") names someone else.
 */
export function premiseNamed(item: StoryItem, index: RevealIndex): string | null {
  if (!item.titleField || !['character', 'setting', 'theme'].includes(item.part)) return null;
  const title = item.texts.find((t) => t.field === item.titleField)?.text ?? '';
  const words = contentWords(title);
  if (words.length === 0) return null;
  if (item.part === 'setting') {
    // A place is named when any of its words is ("Toronto" of "Toronto, Canada").
    const named = words.find((w) => index.spoilerFree.has(w.stem));
    return named ? title.slice(named.start, named.end) : null;
  }
  if (item.part === 'character') {
    // The given name, or the first capitalised word that is not a possessive ("Sheriff McClelland": Sheriff).
    const possessive = (w: (typeof words)[number]) => /['’]s$/u.test(title.slice(w.start, w.end)) || /^['’]s\b/u.test(title.slice(w.end));
    const names = words.filter((w) => /^\p{Lu}/u.test(title.slice(w.start, w.end)) && !possessive(w));
    const named = names.find((w) => index.spoilerFree.has(w.stem) && !isNumber(w.stem));
    if (named && names.length > 0) return title.slice(named.start, named.end);
    if (names.length > 0 || /['’]s\b/u.test(title)) return null;
  }
  // A theme (or a character without a name: "the stranger") is named when every word of its title is.
  return words.every((w) => index.spoilerFree.has(w.stem)) ? title : null;
}

/** Whether a text of an item is read as a label (every content word names something) or as prose. */
function readAs(item: StoryItem, { field, text, distractor }: ItemText, labels: boolean): 'label' | 'prose' | 'nothing' {
  // A kind-of-film value ("High", "Steady") is picked from a scale: it describes, it reveals nothing by its words.
  if (item.part === 'trait' && !item.ending) return 'nothing';
  // A character's own name is what they are: "mother" in "Sarah's mother" is not her being revealed as
  // one, though a proper name in it ("Tomas") still dates the character. A theme's title is an idea
  // ("Illness", "Fear and cooperation"). Both are read as prose: only a name or a phrase counts.
  if (field === item.titleField && item.part !== 'setting') return 'prose';
  if (field === item.titleField) return 'nothing';
  // A wrong answer is invented: it says nothing about what happens, whatever it names.
  if (distractor) return 'nothing';
  if (!labels || contentWords(text).length > LABEL_WORDS) return 'prose';
  // A character's tags ("Supportive", "Teammate") say who they are, in common words: read as prose.
  if (item.part === 'character' && /\.tags\.\d+\.label$/u.test(field)) return 'prose';
  return 'label';
}

/** A term an item names outright: a word of a label, a name, a number, two words side by side, or a summary's word the plot names once. */
export type NamedTerm = { key: string; field: string; phrase: string; strength: 'label' | 'name' | 'number' | 'pair' | 'word' | 'once' };

/** What an item names outright beyond the premise (see LABEL_WORDS); `labels: false` reads every text as prose. */
export function namedTerms(item: StoryItem, index: RevealIndex, { labels = true }: { labels?: boolean } = {}): NamedTerm[] {
  const event = item.position !== null;
  const named: NamedTerm[] = [];
  for (const itemText of item.texts) {
    const { field, text } = itemText;
    const words = contentWords(text);
    const as = event ? 'label' : readAs(item, itemText, labels);
    if (as === 'nothing') continue;
    for (const word of words) {
      if (index.spoilerFree.has(word.stem)) continue;
      const phrase = text.slice(word.start, word.end);
      // A name is written with a capital here too: "cooperation" is not "Cooper", though they share a stem.
      const strength =
        index.names.has(word.stem) && /^\p{Lu}/u.test(phrase) ? 'name' : isNumber(word.stem) ? 'number' : event ? 'word' : 'label';
      if (event || as !== 'prose' || strength !== 'label') named.push({ key: word.stem, field, phrase, strength });
      // The kind of film's summary is a one-line synopsis: a word the plot names in one place only
      // ("trapped", "storm") is that moment of the plot.
      else if (item.part === 'summary' && index.occurrences(word.stem) === 1)
        named.push({ key: word.stem, field, phrase, strength: 'once' });
    }
    for (const term of termsOf(text)) {
      // A pair of words the premise both uses is covered by it, even if it never puts them side by side.
      if (term.kind !== 'pair' || index.spoilerFree.has(term.key) || term.key.split(' ').every((stem) => index.spoilerFree.has(stem)))
        continue;
      named.push({ key: term.key, field, phrase: text.slice(term.start, term.end), strength: 'pair' });
    }
  }
  return named;
}

/** Everything an item names beyond the premise, each with the point it is revealed at; `labels: false` reads every text as prose. */
export function findEvidence(item: StoryItem, context: AssessContext, { labels = true }: { labels?: boolean } = {}): Evidence[] {
  const { index, endingTerms } = context;
  const event = item.position !== null;
  const found: Evidence[] = [];
  for (const { key, field, phrase, strength } of namedTerms(item, index, { labels })) {
    const seen = index.firstSeen.get(key);
    if (seen) found.push({ field, phrase, position: seen.position, kind: 'plot', source: seen.source, key, strength });
  }
  if (event) return found;
  for (const itemText of item.texts) {
    const { field, text } = itemText;
    const words = contentWords(text);
    const silent = readAs(item, itemText, labels) === 'nothing';
    const open = words.filter((w) => !index.spoilerFree.has(w.stem));
    if (!item.ending)
      for (const word of open)
        if (endingTerms.has(word.stem))
          found.push({ field, phrase: text.slice(word.start, word.end), position: index.total, kind: 'ending', source: null });
    // Two words close together that the plot first names close together: a phrase reworded ("bills for medical care").
    if (!silent)
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
    // (A wrong answer's "they die" is not how it ends.)
    if (!itemText.distractor)
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
  const named = premiseNamed(item, index);
  if (named !== null) {
    return { revealedAt: null, level: 'none', reason: `None: the premise names it (${quote(named)})`, evidence: null };
  }
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
  // "cannibalism"), and so does a mood keyword's noun ("betrayal", "family secrets"; compromise's
  // tagger says which words are nouns: an adjective, "perilous", says how the film feels). When the
  // page cannot say when, it is not taken as no spoiler, but assumed revealed by the middle (light;
  // full on a page too short to have a middle).
  const words = item.texts.flatMap((t) => contentWords(t.text).map((w) => ({ ...w, text: t.text.slice(w.start, w.end) })));
  const unplacedWords = words.filter((w) => !index.spoilerFree.has(w.stem) && !index.firstSeen.has(w.stem));
  const unplaced =
    item.part === 'mood' ? unplacedWords.filter((w) => nounsOf(item.texts[0].text).has(w.text.toLowerCase())) : unplacedWords;
  if (
    (item.part === 'contentNote' || item.part === 'mood') &&
    unplaced.length > 0 &&
    (!evidence || levelForPosition(evidence.position, index.total, shares) === 'none')
  ) {
    // A note whose words name one of the kinds ("gore": violence, "period sexism": discrimination)
    // tells no more than its kind, which every reader sees at every level ("Content notes: violence").
    const kind = guessContentNoteKind(item.texts.map((t) => t.text).join(' '));
    if (item.part === 'contentNote' && kind !== 'other')
      return {
        revealedAt: null,
        level: 'none',
        reason: `None: the page never says when ${quote(unplaced[0].text)} happens, and its kind (${quote(CONTENT_NOTE_KIND_LABELS[kind])}) is shown at every level`,
        evidence: null,
      };
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
