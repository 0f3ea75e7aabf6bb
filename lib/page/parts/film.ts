import { z } from 'zod';
import { MAX_SHORT, requiredText, slugSchema } from '../../content/fields';
import { pageField } from '../diff-spec';
import { definePart } from '../part';

/** The film's own fields: title, slug (its address) and release year. The title heads the page, so the part has no heading. */
export const filmPart = definePart({
  id: 'film',
  label: 'Film',
  keys: ['title', 'slug', 'releaseYear'],
  storyTexts: {
    spoilerFree: (c: { title: string }) => [{ field: 'title', text: c.title }],
    shown: { path: 'title', label: 'The title', text: (c: { title: string }) => c.title },
  },
  schema: {
    title: requiredText(MAX_SHORT, 'Title'),
    slug: slugSchema,
    releaseYear: z
      .number()
      .int('Enter a whole year')
      .min(1870, 'Enter a year between 1870 and 2100')
      .max(2100, 'Enter a year between 1870 and 2100')
      .nullable()
      .default(null),
  },
  spoiler: { fixed: 'none' },
  diff: {
    fields: [
      pageField('title', 'Title', 'text', () => 'none'),
      pageField('slug', 'Slug', 'text', () => 'none', { translatable: false }),
      pageField('releaseYear', 'Release year', 'number', () => 'none'),
    ],
  },
  reader: {
    shape: { title: z.string(), slug: slugSchema, releaseYear: z.int().nullable() },
    hidden: {},
    visible: (c: FilmFields) => ({ title: c.title, slug: c.slug, releaseYear: c.releaseYear, hidden: {} }),
    select: () => ({ fields: { title: true, slug: true, releaseYear: true } }),
    read: (row: FilmFields) => ({ title: row.title, slug: row.slug, releaseYear: row.releaseYear, hidden: {} }),
  },
  storage: { columns: (c: FilmFields) => ({ slug: c.slug, title: c.title, releaseYear: c.releaseYear }) },
});

type FilmFields = { title: string; slug: string; releaseYear: number | null };
