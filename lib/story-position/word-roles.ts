import nlp from 'compromise/two';

/**
 * The part of speech of a short label's words, by compromise's English tagger (a lexicon and rules,
 * no model download; the same answer in the browser and on the server). A mood keyword that is a
 * noun ("betrayal", "family secrets") names something that happens; an adjective ("hopeful",
 * "tense") says how the film feels. Measured in docs/spoiler-suggestions.md.
 */

const kept = new Map<string, ReadonlySet<string>>();

/** The lower-cased words of a label that compromise tags as nouns and not as adjectives. */
export function nounsOf(label: string): ReadonlySet<string> {
  const known = kept.get(label);
  if (known) return known;
  const terms = (nlp(label).json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>).flatMap((s) => s.terms);
  const found = new Set(terms.filter((t) => t.tags.includes('Noun') && !t.tags.includes('Adjective')).map((t) => t.normal));
  if (kept.size > 2_000) kept.clear();
  kept.set(label, found);
  return found;
}
