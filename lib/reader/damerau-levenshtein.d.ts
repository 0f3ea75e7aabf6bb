declare module 'damerau-levenshtein' {
  /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
  export default function damerauLevenshtein(a: string, b: string, limit?: number): { steps: number; relative: number; similarity: number };
}
