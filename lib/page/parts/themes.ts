import { z } from 'zod';
import { MAX_SHORT, MAX_TEXT, itemIdSchema, requiredText, spoiler, trimmed, uniqueIds } from '../../content/fields';
import { plural } from '../../content/derive';
import { levelField, quote, type Item } from '../diff-spec';
import { itemsNamedIn } from '../lede';
import { definePart } from '../part';
import { joinAnd, oneLine } from '../page-text';
import { atLevelInOrder, listRows, numbered, visibleAt } from '../spoiler-filter';

export const themeSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  description: trimmed(MAX_TEXT).default(''),
  spoiler,
});

export type Theme = z.output<typeof themeSchema>;
type ThemeRow = Omit<Theme, 'id'> & { itemId: string; position: number };

/** "What Are the Themes of {title}?": ordered, shown numbered 01, 02, … */
export const themesPart = definePart({
  id: 'themes',
  label: 'Themes',
  keys: ['themes'],
  heading: (title) => `What Are the Themes of ${title}?`,
  schema: { themes: z.array(themeSchema).max(100).default([]) },
  refine: (c: { themes: Theme[] }, ctx) => uniqueIds(c.themes, ['themes'], ctx),
  spoiler: 'per-item',
  counts: [{ key: 'themes', nouns: ['theme', 'themes'], items: (c: { themes: Theme[] }) => c.themes }],
  lede: {
    label: 'The themes’ summary line',
    text: (film: Parameters<typeof themesLineAt>[0]) => themesLineAt(film),
    names: (film: { themes: Theme[] }, content: { themes: Theme[] }, line: string) =>
      itemsNamedIn(line, 'themes', film.themes, content.themes, (t) => t.title),
  },
  diff: {
    lists: [
      {
        key: 'themes',
        storyKind: 'theme',
        noun: 'theme',
        nouns: 'themes',
        get: (c) => c.themes as Item[],
        set: (c, items) => void (c.themes = items),
        name: (item) => `theme${quote(item.title)}`,
        label: (item, n) => `Theme ${String(n).padStart(2, '0')}${quote(item.title)}`,
        title: (item) => String(item.title ?? ''),
        fields: [
          { field: 'title', label: 'title', kind: 'text' },
          { field: 'description', label: 'description', kind: 'long' },
          levelField,
        ],
      },
    ],
  },
  reader: {
    shape: { themes: z.array(themeSchema.extend({ number: z.int().min(1) })), themesTotal: z.int() },
    hidden: { themes: z.int() },
    visible: (c: { themes: Theme[] }, level) => {
      const themes = visibleAt(numbered(c.themes), level);
      return { themes, themesTotal: c.themes.length, hidden: { themes: c.themes.length - themes.length } };
    },
    select: (level) => ({
      fields: {
        themes: { ...atLevelInOrder(level), select: { itemId: true, position: true, title: true, description: true, spoiler: true } },
      },
      counts: { themes: true },
    }),
    read: (row: { themes: ThemeRow[]; _count: { themes: number } }) => ({
      themes: row.themes.map(({ itemId, position, ...t }) => ({ id: itemId, number: position + 1, ...t })),
      themesTotal: row._count.themes,
      hidden: { themes: row._count.themes - row.themes.length },
    }),
  },
  storage: { rows: (c: { themes: Theme[] }, { filmId }) => [['theme', listRows(filmId, c.themes)]] },
  search: {
    kinds: { theme: { label: 'Theme', anchor: 'item', named: true } },
    documents: (c: { themes: Theme[] }) =>
      c.themes.map((t, position) => ({ kind: 'theme', itemId: t.id, position, level: t.spoiler, title: t.title, body: t.description })),
  },
});

export function themesAmongThem(themes: Pick<Theme, 'title'>[]): string {
  return joinAnd(themes.slice(0, 3).map((theme) => oneLine(theme.title)));
}

export function themesLine(themes: Pick<Theme, 'title'>[]): string {
  if (themes.length === 0) return '0 ideas the story keeps returning to.';
  return `${plural(themes.length, 'idea')} the story keeps returning to, among them ${themesAmongThem(themes)}.`;
}

export function themesLineAt(film: { themes: Pick<Theme, 'title'>[]; themesTotal: number }): string {
  const { themes, themesTotal } = film;
  if (themes.length === themesTotal) return themesLine(themes);
  if (themes.length === 0) return `${plural(themesTotal, 'idea')} the story keeps returning to, all of them hidden at this spoiler level.`;
  return `${plural(themesTotal, 'idea')} the story keeps returning to, among them ${themesAmongThem(themes)}.`;
}
