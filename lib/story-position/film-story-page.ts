import type { FilmContent } from '../content/schema';
import { LISTS, PARTS, type FieldSpec, type Item } from '../films/diff/page-model';
import { visibleFilm } from '../spoilers/visible-film';
import { PAGE_PARTS } from '../page/parts';
import type { PagePart } from '../page/part';
import type { SpoilerLevel } from '../spoilers/levels';
import type { ItemPart, ItemText, ShownText, StoryItem, StoryPage } from './story-page';

/**
 * The page as the suggestions and the lint read it (story-page.ts), walked from the page model
 * that describes every part, field and list once (lib/films/diff/page-model.ts): every
 * item that carries a spoiler level, with its texts. A part or list with a level that is not
 * mapped here is an error, not a silent gap (story-page.test.ts walks every one).
 */

const hasLevel = (fields: FieldSpec[] | undefined) => (fields ?? []).some((f) => f.kind === 'level');

function partOf(spec: { key: string; storyKind?: ItemPart }): ItemPart {
  if (!spec.storyKind) throw new Error(`The page model's "${spec.key}" has a level but no storyKind (lib/page/diff-spec.ts)`);
  return spec.storyKind;
}

/** The texts of one item's fields: text fields as they are, tag labels and quiz options one by one. */
function itemTexts(path: string, value: Record<string, unknown>, fields: FieldSpec[]): ItemText[] {
  const texts: ItemText[] = [];
  for (const { field, kind } of fields) {
    const fieldValue = value[field];
    if ((kind === 'text' || kind === 'long') && typeof fieldValue === 'string') texts.push({ field: `${path}.${field}`, text: fieldValue });
    if (kind === 'tags' && Array.isArray(fieldValue))
      (fieldValue as Array<{ label: string }>).forEach((tag, i) => texts.push({ field: `${path}.${field}.${i}.label`, text: tag.label }));
    if (kind === 'options' && Array.isArray(fieldValue))
      (fieldValue as Array<{ text: string; correct?: boolean }>).forEach((option, i) =>
        texts.push({ field: `${path}.${field}.${i}.text`, text: option.text, ...(option.correct ? {} : { distractor: true }) }),
      );
  }
  return texts.filter((t) => t.text.trim() !== '');
}

/** Every item of a page that carries a spoiler level and holds some text, in page order (the registry's). */
export function storyItemsOf(content: FilmContent): StoryItem[] {
  const items: StoryItem[] = [];
  for (const { id } of PAGE_PARTS) {
    for (const part of PARTS) {
      if (part.section !== id || !hasLevel(part.fields)) continue;
      const value = part.get(content) as Record<string, unknown> | null;
      if (value === null) continue;
      const texts = itemTexts(part.key, value, part.fields ?? []);
      if (texts.length === 0) continue;
      items.push({
        path: part.key,
        id: null,
        part: partOf(part),
        label: part.label,
        level: part.level(content),
        texts,
        position: null,
        ending: part.key === 'kind.ending',
        titleField: part.key === 'setting' ? 'setting.place' : undefined,
      });
    }
    for (const list of LISTS) {
      if (list.section !== id || !hasLevel(list.fields)) continue;
      const kind = partOf(list);
      list.get(content).forEach((item: Item, index) => {
        const path = `${list.key}.${index}`;
        items.push({
          path,
          id: item.id,
          part: kind,
          label: list.label(item, index + 1),
          level: item.spoiler as SpoilerLevel,
          texts: itemTexts(path, item, list.fields),
          position: kind === 'event' ? index + 1 : null,
          ending: false,
          titleField: kind === 'character' ? `${path}.name` : kind === 'theme' ? `${path}.title` : undefined,
        });
      });
    }
  }
  return items;
}

/** The summary lines a reader at level none gets (each part's lede), each with the items it names. */
function shownSummaries(content: FilmContent): ShownText[] {
  const film = visibleFilm(content, 'none');
  return (PAGE_PARTS as readonly PagePart[]).flatMap(({ id, lede }) => {
    if (!lede) return [];
    const text = lede.text(film as never);
    return [{ path: `summary.${id}`, label: lede.label, text, from: lede.names(film as never, content as never, text) }];
  });
}

/** A page as the suggestions and the lint read it. */
export function storyPageOf(content: FilmContent): StoryPage {
  const texts = (PAGE_PARTS as readonly PagePart[]).flatMap(({ storyTexts }) => (storyTexts ? [storyTexts] : []));
  const page = content as never;
  return {
    spoilerFree: texts.flatMap((t) => t.spoilerFree?.(page) ?? []).filter((t) => t.text.trim() !== ''),
    story: texts.flatMap((t) => (t.story ? [t.story(page)] : [])).join('\n\n'),
    items: storyItemsOf(content),
    shown: [
      ...texts.flatMap(({ shown }) => (shown ? [{ path: shown.path, label: shown.label, text: shown.text(page), from: [] }] : [])),
      ...shownSummaries(content),
    ],
  };
}
