import type { FilmContent } from '../content/schema';
import { MAX_SHORT, MAX_TEXT } from '../content/fields';
import { LISTS, PARTS, type ValueKind } from '../films/diff/page-model';
import type { SectionId } from '../page/parts';
import type { SpoilerLevel } from '../spoilers/levels';
import { fieldUnitKey, itemUnitKey } from './unit-key';

/**
 * What a translation of a film page translates: every text of the page in the registry's own
 * descriptions (each part's `diff` fields and lists), one **unit** per text, named by the item's
 * id, never its place, so a unit stays itself when events are reordered. Text and long fields are
 * translated unless the registry says `translatable: false` (the slug, identifiers, dates), and a
 * quiz question's options are one unit each. A translation holds texts only: an item's spoiler
 * level, its id, its place, images, people and facts stay the source page's, so a level is
 * decided once for every language. Pure: the editor and the server both use it.
 */

export type TranslationUnit = {
  /** `premise`, `setting.place`, `events[e3].title`, `quiz.questions[q2].options[o1]`. */
  key: string;
  section: SectionId;
  /** For people: "Event 3 “Collapse”: description". */
  label: string;
  kind: 'text' | 'long';
  /** The level of the item it belongs to: readers see its translation exactly where they see the source. */
  level: SpoilerLevel;
  /** The source page's text. */
  source: string;
};

type Walked = TranslationUnit & { set: (text: string) => void };

const isTranslated = <T extends { kind?: ValueKind; translatable?: false }>(spec: T): spec is T & { kind: 'text' | 'long' } =>
  (spec.kind === 'text' || spec.kind === 'long') && spec.translatable !== false;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

type Option = { id: string; text: string };

/** Every translatable text of a page, in page order, with a setter into that page. */
function walk(content: FilmContent): Walked[] {
  const units: Walked[] = [];
  const add = (unit: Omit<Walked, 'source'> & { source: unknown }) => {
    const source = textOf(unit.source);
    if (source.trim() !== '') units.push({ ...unit, source });
  };
  for (const part of PARTS) {
    const level = part.level(content);
    if (isTranslated(part))
      add({
        key: part.key,
        section: part.section,
        label: part.label,
        kind: part.kind,
        level,
        source: part.get(content),
        set: (text) => part.set(content, text),
      });
    const value = part.fields ? (part.get(content) as Record<string, unknown> | null) : null;
    if (!value) continue;
    for (const field of part.fields!.filter(isTranslated))
      add({
        key: fieldUnitKey(part.key, field.field),
        section: part.section,
        label: `${part.label}: ${field.label}`,
        kind: field.kind,
        level,
        source: value[field.field],
        set: (text) => void (value[field.field] = text),
      });
  }
  for (const list of LISTS)
    list.get(content).forEach((item, index) => {
      const level = item.spoiler as SpoilerLevel;
      const itemLabel = list.label(item, index + 1);
      for (const field of list.fields) {
        const key = itemUnitKey(list.key, item.id, field.field);
        if (isTranslated(field))
          add({
            key,
            section: list.section,
            label: `${itemLabel}: ${field.label}`,
            kind: field.kind,
            level,
            source: item[field.field],
            set: (text) => void (item[field.field] = text),
          });
        // A quiz question's answers: one unit per option, named by the option's id.
        if (field.kind === 'options')
          for (const option of (item[field.field] ?? []) as Option[])
            add({
              key: itemUnitKey(list.key, item.id, field.field, option.id),
              section: list.section,
              label: `${itemLabel}: option “${option.text}”`,
              kind: 'text',
              level,
              source: option.text,
              set: (text) => void (option.text = text),
            });
      }
    });
  return units;
}

/** The page's translatable texts, in page order. */
export function translationUnits(content: FilmContent): TranslationUnit[] {
  return walk(content).map(({ set: _set, ...unit }) => unit);
}

/**
 * The page in another language: a copy of the source with each unit's translated text where the
 * translation has one, the source's text where it has none (`missing` lists those). Nothing but
 * texts changes: every level, id and order is the source's.
 */
export function withTranslatedTexts(
  source: FilmContent,
  texts: Readonly<Record<string, string>>,
): { content: FilmContent; missing: string[] } {
  const content = structuredClone(source);
  const missing: string[] = [];
  for (const unit of walk(content)) {
    const text = texts[unit.key];
    if (text !== undefined && text.trim() !== '') unit.set(text);
    else missing.push(unit.key);
  }
  return { content, missing };
}

/** A translation's texts checked against the page they translate: each stored with its source text, or what is wrong with it. */
export type CheckedTexts = {
  stored: Record<string, { text: string; from: string }>;
  problems: Array<{ path: string; message: string }>;
};

/**
 * Checks texts (`{key: text}`) against the units of `content`: a key the page has no text for, or a
 * text longer than the page allows the text it translates (a line is a line in every language),
 * is a problem at `{path}.{key}`; an empty text is no text. Pure: the save and the import (in the
 * browser too) check alike.
 */
export function checkTranslationTexts(content: FilmContent, texts: Record<string, string>, path: string): CheckedTexts {
  const units = new Map(translationUnits(content).map((unit) => [unit.key, unit]));
  const checked: CheckedTexts = { stored: {}, problems: [] };
  for (const [key, text] of Object.entries(texts)) {
    const unit = units.get(key);
    const max = unit?.kind === 'text' ? MAX_SHORT : MAX_TEXT;
    if (!unit) checked.problems.push({ path: `${path}.${key}`, message: `The page has no text “${key}” to translate` });
    else if (text.length > max) checked.problems.push({ path: `${path}.${key}`, message: `Must be at most ${max} characters` });
    else if (text !== '') checked.stored[key] = { text, from: unit.source };
  }
  return checked;
}
