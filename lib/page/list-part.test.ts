import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_SHORT, itemIdSchema, requiredText, spoiler, trimmed } from '../content/fields';
import { quote } from './diff-spec';
import { defineListPart } from './list-part';
import { bodyLines } from './page-text';

/**
 * A list part that is not on the page, described once as a new part would be: every facet the
 * registry's walkers read is derived from this one description.
 */
const trackSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  composer: trimmed(MAX_SHORT).default(''),
  minute: z.int().min(0).nullable().optional(),
  spoiler,
});

const soundtrackPart = defineListPart({
  id: 'soundtrack',
  label: 'Soundtrack',
  key: 'tracks',
  heading: (title) => `The Music of ${title}`,
  item: trackSchema,
  max: 3,
  nouns: ['track', 'tracks'],
  storyKind: 'trivia',
  titleField: 'title',
  fields: [
    { field: 'title', label: 'title', kind: 'text', input: { label: 'Title', placeholder: 'e.g. Moon River' } },
    { field: 'composer', label: 'composer', kind: 'long', input: { label: 'Composer', rows: 2 } },
    { field: 'minute', label: 'minute', kind: 'number' },
  ],
  name: (_item, n) => `track ${n}`,
  itemLabel: (item, n) => `Track ${n}${quote(item.title)}`,
  number: (n) => `#${n}`,
  table: 'soundtrackTrack',
  search: {
    kind: 'track',
    label: 'Track',
    named: true,
    document: (t) => ({ title: t.title, body: bodyLines(t.composer && `By ${t.composer}`) }),
  },
  editor: { description: 'The music, in the order it plays.', fallback: 'Untitled track' },
});

const schema = z.object(soundtrackPart.schema).superRefine((c, ctx) => soundtrackPart.refine(c, ctx));
const tracks = schema.parse({
  tracks: [
    { id: 't1', title: 'Opening', composer: 'Ann Ode', spoiler: 'none' },
    { id: 't2', title: 'The Fall', spoiler: 'full', minute: 80 },
    { id: 't3', title: 'Skating', spoiler: 'light' },
  ],
});

describe('defineListPart (a soundtrack described once)', () => {
  it('gives the part its id, keys, heading and a schema that fills defaults, caps the list and refuses repeated ids', () => {
    expect([soundtrackPart.id, soundtrackPart.label, soundtrackPart.keys, soundtrackPart.heading('Kiss and Cry')]).toEqual([
      'soundtrack',
      'Soundtrack',
      ['tracks'],
      'The Music of Kiss and Cry',
    ]);
    expect(schema.parse({}).tracks).toEqual([]);
    expect(tracks.tracks[1]).toEqual({ id: 't2', title: 'The Fall', composer: '', minute: 80, spoiler: 'full' });
    const repeated = schema.safeParse({
      tracks: [
        { id: 'a', title: 'A' },
        { id: 'a', title: 'B' },
      ],
    });
    expect(repeated.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['tracks.1.id', 'Duplicate id']]);
    const many = schema.safeParse({ tracks: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id })) });
    expect(many.error?.issues[0].path).toEqual(['tracks']);
  });

  it('counts its items per level under its key and nouns', () => {
    const [count] = soundtrackPart.counts;
    expect([count.key, count.nouns]).toEqual(['tracks', ['track', 'tracks']]);
    expect(count.items(tracks).map((t) => t.spoiler)).toEqual(['none', 'full', 'light']);
  });

  it('describes its list for the diff: fields with their kinds and the level, names, and get/set by id', () => {
    const [list] = soundtrackPart.diff.lists;
    expect([list.key, list.noun, list.nouns, list.storyKind]).toEqual(['tracks', 'track', 'tracks', 'trivia']);
    expect(list.fields.map((f) => [f.field, f.kind])).toEqual([
      ['title', 'text'],
      ['composer', 'long'],
      ['minute', 'number'],
      ['spoiler', 'level'],
    ]);
    const page = structuredClone(tracks);
    expect(list.get(page).map((t) => list.title(t))).toEqual(['Opening', 'The Fall', 'Skating']);
    list.set(page, list.get(page).slice(1));
    expect(page.tracks.map((t) => t.id)).toEqual(['t2', 't3']);
    expect([list.name(tracks.tracks[1], 2), list.label(tracks.tracks[1], 2)]).toEqual(['track 2', 'Track 2 “The Fall”']);
  });

  it('shows a reader only the items at their level, numbered by place, with the total and what is held back', () => {
    const none = soundtrackPart.reader.visible(tracks, 'none');
    expect(none.tracks).toEqual([{ id: 't1', title: 'Opening', composer: 'Ann Ode', minute: null, spoiler: 'none', number: 1 }]);
    expect([none.tracksTotal, none.hidden]).toEqual([3, { tracks: 2 }]);
    const light = soundtrackPart.reader.visible(tracks, 'light');
    expect(light.tracks.map((t) => [t.id, t.number])).toEqual([
      ['t1', 1],
      ['t3', 3],
    ]);
    expect(soundtrackPart.reader.visible(tracks, 'full').hidden).toEqual({ tracks: 0 });
    // What the reader API answers is what its shape says.
    expect(z.object(soundtrackPart.reader.shape).parse(light)).toEqual({ tracks: light.tracks, tracksTotal: 3 });
    expect(soundtrackPart.reader.listed(none)).toBe(true);
    expect(soundtrackPart.reader.listed(soundtrackPart.reader.visible({ tracks: [] }, 'full'))).toBe(false);
  });

  it('reads the published rows filtered by level in SQL, as the same slice', () => {
    expect(soundtrackPart.reader.select('light')).toEqual({
      fields: {
        tracks: {
          where: { spoiler: { in: ['none', 'light'] } },
          orderBy: { position: 'asc' },
          select: { itemId: true, position: true, title: true, composer: true, minute: true, spoiler: true },
        },
      },
      counts: { tracks: true },
    });
    const [table, rows] = soundtrackPart.storage.rows(tracks, { filmId: 'f1' })[0];
    expect(table).toBe('soundtrackTrack');
    expect(rows[2]).toEqual({ filmId: 'f1', itemId: 't3', position: 2, title: 'Skating', composer: '', minute: null, spoiler: 'light' });
    // The rows a light reader's query returns read back as the in-memory filter's slice.
    const selected = rows.filter((r) => r.spoiler !== 'full').map(({ filmId: _film, ...row }) => row);
    expect(soundtrackPart.reader.read({ tracks: selected, _count: { tracks: rows.length } })).toEqual(
      soundtrackPart.reader.visible(tracks, 'light'),
    );
  });

  it('writes one search document per item at its level, linked to the item', () => {
    expect(soundtrackPart.search.kinds).toEqual({ track: { label: 'Track', anchor: 'item', named: true } });
    expect(soundtrackPart.search.documents(tracks)).toEqual([
      { kind: 'track', itemId: 't1', position: 0, level: 'none', title: 'Opening', body: 'By Ann Ode' },
      { kind: 'track', itemId: 't2', position: 1, level: 'full', title: 'The Fall', body: '' },
      { kind: 'track', itemId: 't3', position: 2, level: 'light', title: 'Skating', body: '' },
    ]);
  });

  it('tells the generic editor and reader sections what to show', () => {
    expect(soundtrackPart.list).toEqual({
      key: 'tracks',
      nouns: ['track', 'tracks'],
      anchor: 'track',
      number: expect.any(Function),
      titleField: 'title',
      texts: ['composer'],
      editor: {
        description: 'The music, in the order it plays.',
        fallback: 'Untitled track',
        // Optional where the schema lets the field be left out; a number field is not the generic editor's.
        fields: [
          { field: 'title', kind: 'text', label: 'Title', placeholder: 'e.g. Moon River', optional: false },
          { field: 'composer', kind: 'long', label: 'Composer', rows: 2, optional: true },
        ],
        blank: { title: '', composer: '' },
      },
    });
    expect(soundtrackPart.list.number?.(2)).toBe('#2');
  });
});
