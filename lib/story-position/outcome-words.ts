/**
 * Words that say how a story turns out without naming any event: who dies or survives, that there
 * is a twist or an ending, and the mood the ending leaves ("tragic", "heartbreaking"). The
 * timeline cannot place them (a theme saying "a tragic end" matches no event), so outside the
 * timeline they are full spoilers wherever the title and the premise do not already say them.
 * Finite forms only for "survive" ("she survives"), since "how to survive" is a goal, not an outcome.
 */
const OUTCOME_PATTERN = new RegExp(
  '\\b(?:' +
    [
      'die[sd]?',
      'dying',
      'deaths?',
      'dead',
      'kill(?:s|ed|ing|ers?)?',
      'murder(?:s|ed|ers?)?',
      'suicide',
      'perish(?:es|ed)?',
      'fatal(?:ly)?',
      'terminal(?:ly)?',
      'incurable',
      'fate',
      'surviv(?:es|ed|ors?)',
      'sacrific(?:e|es|ed)',
      'funeral',
      'pass(?:es|ed)? away',
      'endings?',
      'finale',
      'climax',
      'twists?',
      'epilogue',
      'ultimately',
      'eventual(?:ly)?',
      'finally',
      'in the end',
      'aftermath',
      'posthumous(?:ly)?',
      'legacy',
      'tragic(?:ally)?',
      'traged(?:y|ies)',
      'heartbreak(?:ing)?',
      'heartbroken',
      'devastat(?:ing|ed)',
      'somber',
      'sombre',
      'nihilistic',
      'downbeat',
      'hopeless',
      'grie(?:f|ving)',
      'mourn(?:s|ed|ing)?',
      'tearjerker',
    ].join('|') +
    ')\\b',
  'giu',
);

/** Where a text uses an outcome word: offsets into the text. */
export function outcomeWordsIn(text: string): Array<{ start: number; end: number }> {
  return [...text.matchAll(OUTCOME_PATTERN)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}
