/**
 * PostgreSQL's text search configuration for a language: its stemmer and stop words ("chevaux"
 * finds "cheval" in French). The built-in configurations of PostgreSQL 15; a language without one
 * is searched word for word (`simple`).
 */
const CONFIGS: Record<string, string> = {
  ar: 'arabic',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  hu: 'hungarian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sv: 'swedish',
  tr: 'turkish',
};

/** The configuration of a language tag (`fr-CA` is French). */
export function searchConfig(locale: string): string {
  return CONFIGS[locale.split('-')[0]] ?? 'simple';
}
