import { z } from 'zod';
import { MAX_SHORT, MAX_TEXT, itemIdSchema, requiredText, spoiler, trimmed } from '../../content/fields';
import { plural } from '../../content/derive';
import { quote } from '../diff-spec';
import { itemsNamedIn } from '../lede';
import { defineListPart } from '../list-part';
import { allHidden, joinAnd, oneLine } from '../page-text';

const twoDigits = (n: number) => String(n).padStart(2, '0');

export const themeSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  description: trimmed(MAX_TEXT).default(''),
  spoiler,
});

export type Theme = z.output<typeof themeSchema>;

/** "What Are the Themes of {title}?": ordered, shown numbered 01, 02, … */
export const themesPart = defineListPart({
  id: 'themes',
  label: 'Themes',
  key: 'themes',
  heading: (title) => `What Are the Themes of ${title}?`,
  item: themeSchema,
  max: 100,
  nouns: ['theme', 'themes'],
  storyKind: 'theme',
  titleField: 'title',
  fields: [
    { field: 'title', label: 'title', kind: 'text', input: { label: 'Title', placeholder: 'e.g. Illness' } },
    { field: 'description', label: 'description', kind: 'long', input: { label: 'How the film treats it', rows: 4 } },
  ],
  name: (item) => `theme${quote(item.title)}`,
  itemLabel: (item, n) => `Theme ${twoDigits(n)}${quote(item.title)}`,
  number: twoDigits,
  lede: {
    label: 'The themes’ summary line',
    text: (film: Parameters<typeof themesLineAt>[0]) => themesLineAt(film),
    names: (film: { themes: Theme[] }, content: { themes: Theme[] }, line: string) =>
      itemsNamedIn(line, 'themes', film.themes, content.themes, (t) => t.title),
  },
  table: 'theme',
  search: { kind: 'theme', label: 'Theme', named: true, document: (t) => ({ title: t.title, body: t.description }) },
  editor: { description: 'Ideas the story keeps returning to, numbered 01, 02, … on the page in this order.', fallback: 'Untitled theme' },
});

export function themesAmongThem(themes: Pick<Theme, 'title'>[]): string {
  return joinAnd(themes.slice(0, 3).map((theme) => oneLine(theme.title)));
}

export function themesLine(themes: Pick<Theme, 'title'>[]): string {
  if (themes.length === 0) return '0 ideas the story keeps returning to.';
  return `${plural(themes.length, 'idea')} the story keeps returning to, among them ${themesAmongThem(themes)}.`;
}

export function themesLineAt(film: { themes: Pick<Theme, 'title'>[]; themesTotal: number; upto?: unknown }): string {
  const { themes, themesTotal } = film;
  if (themes.length === themesTotal) return themesLine(themes);
  if (themes.length === 0) return `${plural(themesTotal, 'idea')} the story keeps returning to, ${allHidden(themesTotal, film)}.`;
  return `${plural(themesTotal, 'idea')} the story keeps returning to, among them ${themesAmongThem(themes)}.`;
}
