import type { FilmContent } from '../content/schema';
import type { TranslationStatus, TranslationUnitState } from './translation-schema';
import { translationUnits, withTranslatedTexts } from './translation-units';

/** A stored unit: the translation and the source text it was made from. */
export type StoredText = { text: string; from: string };
export type StoredTexts = Record<string, StoredText>;

/**
 * Each unit of the source page as it is now, with the translation's state: `missing` (no text),
 * `translated`, or `outdated` (the source text changed since the translation was made from it).
 * A stored text whose unit the page no longer has (an item deleted) is left out. Pure.
 */
export function translationState(source: FilmContent, stored: StoredTexts) {
  const units: TranslationUnitState[] = translationUnits(source).map((unit) => {
    const saved = stored[unit.key];
    const status = unitStatus(saved, unit.source);
    return { ...unit, text: saved?.text ?? null, from: saved?.from ?? null, status };
  });
  const count = (status: TranslationStatus) => units.filter((unit) => unit.status === status).length;
  return {
    units,
    counts: { units: units.length, translated: count('translated'), outdated: count('outdated'), missing: count('missing') },
  };
}

/** A stored unit's state against the source text as it is now (the one rule: translated only when made from exactly that text). */
export function unitStatus(saved: StoredText | undefined, source: string): TranslationStatus {
  return !saved ? 'missing' : saved.from === source ? 'translated' : 'outdated';
}

/**
 * The text readers of a translation get for one unit whose source is `source`: the stored
 * translation when it is current (unitStatus), else null (they get the source's). For readers
 * that hold a few published texts rather than the page (the lists).
 */
export function currentText(saved: StoredText | undefined, source: string): string | null {
  return saved && unitStatus(saved, source) === 'translated' ? saved.text : null;
}

/**
 * The texts readers may get: only those made from the page's text as it is now. A text whose
 * source changed since (outdated) could say what the page no longer says at that item's level (a
 * spoiler moved to a later event), so readers get the source's text there until it is updated.
 */
export function currentTexts(source: FilmContent, stored: StoredTexts): Record<string, string> {
  return Object.fromEntries(
    translationState(source, stored)
      .units.filter((unit) => unit.status === 'translated')
      .map((unit) => [unit.key, unit.text!]),
  );
}

/**
 * The page as readers of a translation get it: the translation's current texts laid over it
 * (outdated and missing units keep the page's text); items, levels and everything not text are
 * the page's. Pure.
 */
export function translatedContent(source: FilmContent, stored: StoredTexts): FilmContent {
  return withTranslatedTexts(source, currentTexts(source, stored)).content;
}
