import type { VisibleFilm } from '../spoilers/visible-film';
import type { Untranslated } from './unit-key';

const KEY = /^([^[]+)(?:\[([^\]]+)\]\.([^[]+)(?:\[([^\]]+)\])?)?$/;

const byId = (list: unknown, id: string) =>
  Array.isArray(list) ? (list as Array<Record<string, unknown>>).find((item) => item?.id === id) : undefined;

const at = (value: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, step) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[step] : undefined), value);

/** The text a unit key names in a page as one reader gets it, or undefined where the reader does not get it. */
export function visibleText(film: VisibleFilm, key: string): string | undefined {
  // The kind of film's values and summary reach readers as a list of traits and a text (lib/page/parts/kind.ts).
  const kind = /^kind\.(\w+)\.(?:value|text)$/u.exec(key);
  if (kind) return nonEmpty(kind[1] === 'summary' ? film.kind.summary : film.kind.traits.find((trait) => trait.key === kind[1])?.value);
  const [, path, id, field, optionId] = KEY.exec(key) ?? [];
  if (!path) return undefined;
  let value = at(film, path);
  if (id !== undefined) {
    const item = byId(value, id);
    value = item?.[field!];
    if (optionId !== undefined) value = (byId(value, optionId) as { text?: unknown } | undefined)?.text;
  }
  return nonEmpty(value);
}

const nonEmpty = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * Which of `missing` (the units a translation has no current text for) this reader gets, in the
 * page's language `lang`: only texts the reader gets are named, so the list says nothing of an
 * item held back (not even its id). Undefined when there are none.
 */
export function untranslatedIn(film: VisibleFilm, missing: readonly string[], lang: string): Untranslated | undefined {
  const keys = missing.filter((key) => visibleText(film, key) !== undefined);
  return keys.length > 0 ? { lang, keys } : undefined;
}
