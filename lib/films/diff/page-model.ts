import type { FilmContent } from '../../content/schema';
import type { SpoilerLevel } from '../../spoilers/levels';
import { PAGE_PARTS, type SectionId } from '../../page/parts';
import { countryName, languageName } from '../../page/parts/facts';
import type { PersonRef, Tag } from '../../content/fields';
import type { QuizQuestion } from '../../page/parts/quiz';
import type { FieldSpec, Item, ListSpec as PartListSpec, PartSpec as PartFieldSpec, ValueKind } from '../../page/diff-spec';

export type { FieldSpec, Item, ValueKind };

/**
 * The film page described for comparing and merging: every part an editor can change, how to name
 * it for people, and where its spoiler level is. Each part of the registry describes its own
 * (lib/page/parts, `diff`); the diff, the one-line summary and the three-way merge all walk the
 * parts' descriptions put together here, in page order.
 */

/** One part of the page that is not a list item: a field, or an object edited as a whole. */
export type PartSpec = PartFieldSpec & { section: SectionId };
/** An ordered list whose items are matched by their `id`. */
export type ListSpec = PartListSpec & { section: SectionId };

const specs = <K extends 'fields' | 'lists'>(part: (typeof PAGE_PARTS)[number], key: K) =>
  ((part.diff as { [key in K]?: ReadonlyArray<object> })[key] ?? []).map((spec) => ({ ...spec, section: part.id }));

export const PARTS = PAGE_PARTS.flatMap((part) => specs(part, 'fields')) as PartSpec[];
export const LISTS = PAGE_PARTS.flatMap((part) => specs(part, 'lists')) as ListSpec[];

/** A value as one line of text, for display and for word diffs of structured fields. */
export function formatValue(kind: ValueKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'tags':
      return (value as Tag[]).map((t) => `${t.emoji ? `${t.emoji} ` : ''}${t.label}`).join(', ');
    case 'person':
      return (value as PersonRef).name;
    case 'people':
      return (value as PersonRef[]).map((p) => p.name).join(', ');
    case 'list':
      return (value as string[]).join(', ');
    case 'countries':
      return (value as string[]).map((code) => `${countryName(code)} (${code})`).join(', ');
    case 'languages':
      return (value as string[]).map((code) => `${languageName(code)} (${code})`).join(', ');
    case 'options':
      return (value as QuizQuestion['options']).map((o) => `${o.text}${o.correct ? ' ✓' : ''}`).join(' / ');
    default:
      return String(value);
  }
}

export type LeveledText = { level: SpoilerLevel; text: string; label: string };

/** Every text of a page with the level readers see it at: spoiler checks look for copied text in it. */
export function textsByLevel(content: FilmContent): LeveledText[] {
  const texts: LeveledText[] = [];
  const isText = (kind: ValueKind | undefined) => kind === 'long' || kind === 'text';
  for (const part of PARTS) {
    const value = part.get(content);
    const lvl = part.level(content);
    if (isText(part.kind)) texts.push({ level: lvl, text: String(value ?? ''), label: part.label.toLowerCase() });
    for (const f of part.fields ?? [])
      if (isText(f.kind))
        texts.push({
          level: lvl,
          text: String((value as Record<string, unknown> | null)?.[f.field] ?? ''),
          label: part.label.toLowerCase(),
        });
  }
  for (const list of LISTS)
    list.get(content).forEach((item, i) => {
      for (const f of list.fields)
        if (isText(f.kind))
          texts.push({ level: item.spoiler as SpoilerLevel, text: String(item[f.field] ?? ''), label: list.name(item, i + 1) });
    });
  return texts.filter((t) => t.text.trim() !== '');
}
