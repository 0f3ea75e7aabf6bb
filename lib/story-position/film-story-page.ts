import type { FilmContent } from '../content/schema';
import { LISTS, PARTS, type FieldSpec, type Item } from '../films/diff/page-model';
import { visibleFilm } from '../spoilers/visible-film';
import { charactersLineAt } from '../page/parts/characters';
import { kindLineAt } from '../page/parts/kind';
import { settingLineAt } from '../page/parts/setting';
import { themesLineAt } from '../page/parts/themes';
import { timelineLineAt } from '../page/parts/timeline';
import type { SpoilerLevel } from '../spoilers/levels';
import type { ItemPart, ItemText, ShownText, StoryItem, StoryPage } from './story-page';

/**
 * The page as the suggestions and the lint read it (story-page.ts), walked from the page model
 * that describes every part, field and list once (lib/films/diff/page-model.ts): every
 * item that carries a spoiler level, with its texts. A part or list with a level that is not
 * mapped here is an error, not a silent gap (story-page.test.ts walks every one).
 */

/** The part or list of the page model that each kind of item comes from. */
const PART_OF_KEY: Record<string, ItemPart> = {
  setting: 'setting',
  'kind.tone': 'trait',
  'kind.pacing': 'trait',
  'kind.story': 'trait',
  'kind.intensity': 'trait',
  'kind.ending': 'trait',
  'kind.summary': 'summary',
  poster: 'poster',
  events: 'event',
  characters: 'character',
  themes: 'theme',
  'kind.moods': 'mood',
  'kind.contentNotes': 'contentNote',
  trivia: 'trivia',
  stills: 'still',
  'quiz.questions': 'question',
};

const hasLevel = (fields: FieldSpec[] | undefined) => (fields ?? []).some((f) => f.kind === 'level');

function partOf(key: string): ItemPart {
  const part = PART_OF_KEY[key];
  if (!part) throw new Error(`No kind of spoiler item for the page model's "${key}"`);
  return part;
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
      (fieldValue as Array<{ text: string }>).forEach((option, i) =>
        texts.push({ field: `${path}.${field}.${i}.text`, text: option.text }),
      );
  }
  return texts.filter((t) => t.text.trim() !== '');
}

/** Every item of a page that carries a spoiler level and holds some text, in page order. */
export function storyItemsOf(content: FilmContent): StoryItem[] {
  const items: StoryItem[] = [];
  for (const part of PARTS) {
    if (!hasLevel(part.fields)) continue;
    const value = part.get(content) as Record<string, unknown> | null;
    if (value === null) continue;
    const texts = itemTexts(part.key, value, part.fields ?? []);
    if (texts.length === 0) continue;
    items.push({
      path: part.key,
      id: null,
      part: partOf(part.key),
      label: part.label,
      level: part.level(content),
      texts,
      position: null,
      ending: part.key === 'kind.ending',
    });
  }
  for (const list of LISTS) {
    if (!hasLevel(list.fields)) continue;
    const kind = partOf(list.key);
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
      });
    });
  }
  // Page order: the model lists parts before lists; readers and editors go by the page.
  const order: ItemPart[] = [
    'event',
    'character',
    'setting',
    'theme',
    'trait',
    'summary',
    'mood',
    'contentNote',
    'trivia',
    'poster',
    'still',
    'question',
  ];
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => order.indexOf(a.item.part) - order.indexOf(b.item.part) || a.i - b.i)
    .map(({ item }) => item);
}

const contains = (line: string, text: string) =>
  text.trim() !== '' && line.toLocaleLowerCase('en').includes(text.trim().toLocaleLowerCase('en'));

/** The summary lines a reader at level none gets, each with the items it names. */
function shownSummaries(content: FilmContent): ShownText[] {
  const film = visibleFilm(content, 'none');
  const pathOf = (list: string, id: string) =>
    `${list}.${(content[list as 'events'] as Array<{ id: string }>).findIndex((item) => item.id === id)}`;
  const timeline = timelineLineAt(film);
  const characters = charactersLineAt(film);
  const themes = themesLineAt(film);
  const kind = kindLineAt(film);
  return [
    {
      path: 'summary.timeline',
      label: 'The timeline’s summary line',
      text: timeline,
      from: film.events.filter((e) => contains(timeline, e.title)).map((e) => pathOf('events', e.id)),
    },
    {
      path: 'summary.characters',
      label: 'The characters’ summary line',
      text: characters,
      from: film.characters.filter((c) => contains(characters, c.name)).map((c) => pathOf('characters', c.id)),
    },
    { path: 'summary.setting', label: 'The setting’s summary line', text: settingLineAt(film), from: film.setting ? ['setting'] : [] },
    {
      path: 'summary.themes',
      label: 'The themes’ summary line',
      text: themes,
      from: film.themes.filter((t) => contains(themes, t.title)).map((t) => pathOf('themes', t.id)),
    },
    {
      path: 'summary.kind',
      label: 'The kind of film’s summary line',
      text: kind,
      from: film.kind.traits.filter((t) => contains(kind, t.value)).map((t) => `kind.${t.key}`),
    },
  ];
}

/** A page as the suggestions and the lint read it. */
export function storyPageOf(content: FilmContent): StoryPage {
  return {
    spoilerFree: [
      { field: 'title', text: content.title },
      { field: 'premise', text: content.premise },
      ...content.facts.genres.map((genre, i) => ({ field: `facts.genres.${i}`, text: genre })),
    ].filter((t) => t.text.trim() !== ''),
    story: content.story,
    items: storyItemsOf(content),
    shown: [
      { path: 'title', label: 'The title', text: content.title, from: [] },
      { path: 'premise', label: 'The premise (and the meta description made from it)', text: content.premise, from: [] },
      ...shownSummaries(content),
    ],
  };
}
