import { z } from 'zod';
import { MAX_SHORT, itemIdSchema, requiredText, spoiler, trimmed, uniqueIds } from '../../content/fields';
import { isVisibleAt, spoilerLevelSchema, type SpoilerLevel } from '../../spoilers/levels';
import { levelField, quote, type Item } from '../diff-spec';
import { definePart } from '../part';
import { atLevelInOrder, visibleAt } from '../spoiler-filter';

/**
 * The poster and stills. An image is referenced by the id of a stored ImageAsset (lib/media); the
 * page holds only the id, the words about it and its spoiler level. A still from the ending is
 * `full`: never sent below it, and a new still is `full` like every item until someone chooses.
 * A poster is made to be shown before anyone has seen the film, so a new one is `none`; an editor
 * can still raise it.
 */
export const DEFAULT_POSTER_LEVEL: SpoilerLevel = 'none';

/** An ImageAsset id: the first 32 hex digits of the SHA-256 of the original upload (content-addressed). */
export const imageIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Use the id of an uploaded image');

const altText = requiredText(MAX_SHORT, 'Alt text');

export const posterSchema = z.object({ image: imageIdSchema, alt: altText, spoiler: spoilerLevelSchema.default(DEFAULT_POSTER_LEVEL) });

export const stillSchema = z.object({
  id: itemIdSchema,
  image: imageIdSchema,
  alt: altText,
  caption: trimmed(MAX_SHORT).default(''),
  spoiler,
});

export type Poster = z.output<typeof posterSchema>;
export type Still = z.output<typeof stillSchema>;
type ImagesContent = { poster: Poster | null; stills: Still[] };

/** A poster or still as a reader sees it; its size when known (published pages, previews), for the layout. */
export const visibleImageSchema = z.object({
  id: z.string(),
  image: z.string(),
  alt: z.string(),
  caption: z.string(),
  spoiler: spoilerLevelSchema,
  width: z.int().nullable(),
  height: z.int().nullable(),
  /** Where crops keep the subject (the upload's focal point, lib/media); null when not known (a preview). */
  focal: z.object({ x: z.number(), y: z.number() }).nullable().default(null),
  /** The upload's file version (`?v=` on its addresses after a replace); 1 when not known. */
  version: z.int().default(1),
});
export type VisibleImage = z.output<typeof visibleImageSchema>;

const toVisibleImage = (item: Poster | Still): VisibleImage => ({
  id: 'id' in item ? item.id : 'poster',
  caption: 'caption' in item ? item.caption : '',
  image: item.image,
  alt: item.alt,
  spoiler: item.spoiler,
  width: null,
  height: null,
  focal: null,
  version: 1,
});

type ImageRow = {
  kind: string;
  itemId: string;
  imageId: string;
  alt: string;
  caption: string;
  spoiler: SpoilerLevel;
  image: { width: number | null; height: number | null; focalX: number; focalY: number; version: number };
};

/** "Poster and Stills From {title}": listed only when there are images. */
export const imagesPart = definePart({
  id: 'images',
  label: 'Poster and stills',
  keys: ['poster', 'stills'],
  heading: (title) => `Poster and Stills From ${title}`,
  schema: {
    poster: posterSchema.nullable().default(null),
    stills: z.array(stillSchema).max(50).default([]),
  },
  refine: (c: ImagesContent, ctx) => uniqueIds(c.stills, ['stills'], ctx),
  spoiler: 'per-item',
  counts: [
    { key: 'stills', nouns: ['still', 'stills'], label: 'Stills', items: (c: ImagesContent) => c.stills },
    {
      key: 'poster',
      nouns: ['poster', 'posters'],
      whole: 'the poster',
      label: 'Poster',
      items: (c: ImagesContent) => (c.poster ? [c.poster] : []),
    },
  ],
  diff: {
    fields: [
      {
        key: 'poster',
        storyKind: 'poster',
        label: 'Poster',
        noun: 'poster',
        get: (c) => c.poster,
        set: (c, v) => void (c.poster = v as Poster | null),
        fields: [{ field: 'image', label: 'image', kind: 'image' }, { field: 'alt', label: 'alt text', kind: 'text' }, levelField],
        // No poster is seen by nobody: the safe level.
        level: (c) => c.poster?.spoiler ?? 'full',
      },
    ],
    lists: [
      {
        key: 'stills',
        storyKind: 'still',
        noun: 'still',
        nouns: 'stills',
        get: (c) => c.stills as Item[],
        set: (c, items) => void (c.stills = items),
        name: (item) => `still${quote(item.alt)}`,
        label: (item, n) => `Still ${n}${quote(item.alt)}`,
        title: (item) => String(item.alt ?? ''),
        fields: [
          { field: 'image', label: 'image', kind: 'image' },
          { field: 'alt', label: 'alt text', kind: 'text' },
          { field: 'caption', label: 'caption', kind: 'text' },
          levelField,
        ],
      },
    ],
  },
  reader: {
    shape: { poster: visibleImageSchema.nullable(), stills: z.array(visibleImageSchema), stillsTotal: z.int() },
    /** Stills above the level (a poster above it is simply not there). */
    hidden: { stills: z.int() },
    visible: (c: ImagesContent, level) => {
      const stills = visibleAt(c.stills, level);
      const poster = c.poster != null && isVisibleAt(c.poster.spoiler, level) ? toVisibleImage(c.poster) : null;
      return {
        poster,
        stills: stills.map(toVisibleImage),
        stillsTotal: c.stills.length,
        hidden: { stills: c.stills.length - stills.length },
      };
    },
    select: (level) => ({
      fields: {
        images: {
          ...atLevelInOrder(level),
          select: {
            kind: true,
            itemId: true,
            imageId: true,
            alt: true,
            caption: true,
            spoiler: true,
            image: { select: { width: true, height: true, focalX: true, focalY: true, version: true } },
          },
        },
      },
      counts: { images: { where: { kind: 'still' } } },
    }),
    read: (row: { images: ImageRow[]; _count: { images: number } }) => {
      const images = row.images.map(({ kind, itemId, imageId, image, ...rest }) => ({
        kind,
        id: itemId,
        image: imageId,
        width: image.width,
        height: image.height,
        focal: { x: image.focalX, y: image.focalY },
        version: image.version,
        ...rest,
      }));
      const poster = images.find((i) => i.kind === 'poster') ?? null;
      const stills = images.filter((i) => i.kind === 'still').map(({ kind: _kind, ...still }) => still);
      return {
        poster: poster && {
          id: poster.id,
          image: poster.image,
          alt: poster.alt,
          caption: poster.caption,
          spoiler: poster.spoiler,
          width: poster.width,
          height: poster.height,
          focal: poster.focal,
          version: poster.version,
        },
        stills,
        stillsTotal: row._count.images,
        hidden: { stills: row._count.images - stills.length },
      };
    },
    listed: (film: { poster: VisibleImage | null; stillsTotal: number }) => film.stillsTotal > 0 || film.poster !== null,
  },
  storage: {
    // FilmImage rows, each at its level (the reader query filters them).
    rows: ({ poster, stills }: ImagesContent, { filmId }) => [
      [
        'filmImage',
        [
          ...(poster
            ? [
                {
                  filmId,
                  kind: 'poster',
                  itemId: 'poster',
                  position: 0,
                  imageId: poster.image,
                  alt: poster.alt,
                  caption: '',
                  spoiler: poster.spoiler,
                },
              ]
            : []),
          ...stills.map((still, position) => ({
            filmId,
            kind: 'still',
            itemId: still.id,
            position,
            imageId: still.image,
            alt: still.alt,
            caption: still.caption,
            spoiler: still.spoiler,
          })),
        ],
      ],
    ],
  },
});
