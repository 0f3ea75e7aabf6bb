import 'server-only';
import { db } from '../db';
import type { Tag } from '../content/schema';
import { levelsUpTo } from '../spoilers/levels-up-to';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '../spoilers/levels';
import type { Window } from './list-published-films';
import { PERSON_HAS_PAGE } from './person-has-page';
import { defaultLocale } from '../i18n/site-locales';
import { currentText, type StoredTexts } from '../translations/translation-state';
import { fieldUnitKey, itemUnitKey, textsInLanguage, type Untranslated } from '../translations/unit-key';

export type PersonFilm = {
  slug: string;
  title: string;
  releaseYear: number | null;
  /** The parts this person plays in the film that the reader may see. */
  characters: Array<{ id: string; name: string; description: string; tags: Tag[]; spoiler: SpoilerLevel }>;
  /** Parts held back at the reader's level: only their number leaves the database. */
  hiddenCharacters: number;
  /** Behind the camera: director and / or writer (film facts, not spoilers). */
  credits: CreditRole[];
  /**
   * On a person's page in a translation's language: that language when the film is published in it
   * (its title and the characters' texts are its translation's, its links go to its page in it);
   * absent when the film reads in the page's own language (no published translation).
   */
  locale?: string;
  /** In a translation's language: the film's texts above that read in the page's own (unit keys: `title`, `characters[c1].name`), for their `lang` mark. */
  untranslated?: Untranslated;
};

export type CreditRole = 'director' | 'writer';

export type VisiblePerson = {
  level: SpoilerLevel;
  /** The page's language when it is a translation's (`fr`); absent, the site's own. */
  locale?: string;
  /**
   * With `locale`: the language the person's own texts (biography, photo's alt text) are written in,
   * the site's own (they are not translated), for their `lang` mark.
   */
  ownLang?: string;
  slug: string;
  name: string;
  /** "1970-01-31" or "" when not known. */
  birthDate: string;
  deathDate: string;
  films: PersonFilm[];
  /** The person's photo (lib/media/set-person-photo.ts), with its size for the layout. */
  photo: { image: string; alt: string; width: number; height: number; focal: { x: number; y: number }; version: number } | null;
  /** The biography's paragraphs at or below the reader's level, in order (lib/people/set-person-biography.ts). */
  biography: Array<{ text: string; spoiler: SpoilerLevel }>;
  /** Paragraphs held back at the reader's level: only their number leaves the database. */
  hiddenBioParagraphs: number;
  /** The lowest level of a held-back paragraph, the one that shows the next of them; null when none is held back. */
  hiddenBioFrom: SpoilerLevel | null;
  /** Slugs of `films`, most prominent first (see `prominence`): the page's "Known for". */
  knownFor: string[];
};

/** How many films "Known for" names. */
export const KNOWN_FOR = 4;

/**
 * A film's place in a person's "Known for": directing or writing it counts as top billing, else
 * their highest-billed part in its cast list (the order the editor gave the characters, lead
 * first). Only parts the reader may see count, so the order gives nothing hidden away; films
 * where every part is hidden come last.
 */
function prominence(film: { credits: CreditRole[]; billing: number | null }): number {
  if (film.credits.length > 0) return -1;
  return film.billing ?? Number.MAX_SAFE_INTEGER;
}

/**
 * A person's page at one spoiler level, in one query (and with `locale`, one more for the films'
 * translations, see inLanguage): what editors wrote (their profile,
 * lib/people/save-person.ts: photo, dates, the biography's paragraphs at or below the level), the films they appear in, direct or write
 * (names, titles and credits are not spoilers), in each film the characters they play at or below
 * the level, and how many characters and biography paragraphs were held back (their number only).
 */
export async function getPublishedPerson(slug: string, level: SpoilerLevel, locale?: string): Promise<VisiblePerson | null> {
  const mine = { person: { slug } };
  const filmFields = { slug: true, title: true, releaseYear: true, publishedAt: true } as const;
  const person = await db().person.findUnique({
    where: { slug },
    select: {
      slug: true,
      name: true,
      // What editors wrote about them (lib/people/save-person.ts), kept apart from what publishing writes.
      profile: {
        select: {
          photoAlt: true,
          photo: { select: { id: true, width: true, height: true, focalX: true, focalY: true, version: true } },
          birthDate: true,
          deathDate: true,
          biography: { where: { spoiler: { in: levelsUpTo(level) } }, orderBy: { position: 'asc' }, select: { text: true, spoiler: true } },
          _count: { select: { biography: { where: { spoiler: { notIn: levelsUpTo(level) } } } } },
        },
      },
      credits: { orderBy: [{ role: 'asc' }], select: { role: true, film: { select: filmFields } } },
      characters: {
        distinct: ['filmId'],
        orderBy: { film: { publishedAt: 'desc' } },
        select: {
          film: {
            select: {
              ...filmFields,
              characters: {
                where: { ...mine, spoiler: { in: levelsUpTo(level) } },
                orderBy: { position: 'asc' },
                select: { itemId: true, position: true, name: true, description: true, tags: true, spoiler: true },
              },
              _count: { select: { characters: { where: mine } } },
            },
          },
        },
      },
    },
  });
  if (!person) return null;
  const { profile } = person;
  const hiddenBioParagraphs = profile._count.biography;
  const films = new Map<string, PersonFilm & { publishedAt: Date; billing: number | null }>();
  for (const { film } of person.characters) {
    films.set(film.slug, {
      slug: film.slug,
      title: film.title,
      releaseYear: film.releaseYear,
      publishedAt: film.publishedAt,
      billing: film.characters.length > 0 ? Math.min(...film.characters.map((c) => c.position)) : null,
      characters: film.characters.map(({ itemId, tags, position: _position, ...c }) => ({ id: itemId, tags: tags as Tag[], ...c })),
      hiddenCharacters: film._count.characters - film.characters.length,
      credits: [],
    });
  }
  for (const { role, film } of person.credits) {
    const entry = films.get(film.slug) ?? { ...film, billing: null, characters: [], hiddenCharacters: 0, credits: [] };
    if (!entry.credits.includes(role as CreditRole)) entry.credits.push(role as CreditRole);
    films.set(film.slug, entry);
  }
  const newestFirst = [...films.values()].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.slug.localeCompare(b.slug));
  // A stable sort: equally prominent films stay newest first.
  const knownFor = [...newestFirst].sort((a, b) => prominence(a) - prominence(b)).slice(0, KNOWN_FOR);
  const page: VisiblePerson = {
    level,
    slug: person.slug,
    name: person.name,
    photo: profile.photo
      ? {
          image: profile.photo.id,
          alt: profile.photoAlt,
          width: profile.photo.width,
          height: profile.photo.height,
          focal: { x: profile.photo.focalX, y: profile.photo.focalY },
          version: profile.photo.version,
        }
      : null,
    birthDate: profile.birthDate,
    deathDate: profile.deathDate,
    films: newestFirst.map(({ publishedAt: _publishedAt, billing: _billing, ...film }) => film),
    biography: profile.biography,
    hiddenBioParagraphs,
    hiddenBioFrom: hiddenBioParagraphs > 0 ? await lowestHiddenLevel(slug, level) : null,
    knownFor: knownFor.map((film) => film.slug),
  };
  return locale === undefined ? page : inLanguage(page, locale);
}

/**
 * The person's page in a translation's language: each film published in it with its title and
 * the person's characters' names and descriptions from its published translation, where it has
 * them up to date (currentText: an outdated text is not served), the page's own otherwise, named
 * in the film's `untranslated`; a film without a published translation in it keeps its texts, all
 * named. Only the characters the level let through are looked up, each in its own film, so
 * nothing above the level is read. Tags are not translated (no unit). The biography and the photo's alt text are the
 * person's own, in the site's language (`ownLang`).
 */
async function inLanguage(page: VisiblePerson, locale: string): Promise<VisiblePerson> {
  const keysOf = (film: PersonFilm) => [
    fieldUnitKey('title'),
    ...film.characters.flatMap((c) => [itemUnitKey('characters', c.id, 'name'), itemUnitKey('characters', c.id, 'description')]),
  ];
  // Each film's own keys (item ids repeat across films): film × key pairs.
  const pairs = page.films.flatMap((film) => keysOf(film).map((key) => [film.slug, key] as const));
  const rows =
    pairs.length === 0
      ? []
      : await db().$queryRaw<Array<{ slug: string; texts: StoredTexts }>>`
          SELECT f."slug", coalesce(jsonb_object_agg(p."key", tr."texts" -> p."key") FILTER (WHERE tr."texts" ? p."key"), '{}'::jsonb) AS "texts"
          FROM unnest(${pairs.map(([slug]) => slug)}::text[], ${pairs.map(([, key]) => key)}::text[]) AS p("slug", "key")
          JOIN "PublishedFilm" f ON f."slug" = p."slug"
          JOIN "FilmTranslation" ft ON ft."filmId" = f."filmId" AND ft."locale" = ${locale} AND ft."publishedRevision" IS NOT NULL
          JOIN "TranslationRevision" tr ON tr."translationId" = ft."id" AND tr."number" = ft."publishedRevision"
          GROUP BY f."slug"`;
  const translations = new Map(rows.map((row) => [row.slug, row.texts]));
  const lang = defaultLocale();
  const films = page.films.map((film) => {
    const texts = translations.get(film.slug);
    const { text, untranslated } = textsInLanguage((key, source) => (texts ? currentText(texts[key], source) : null), lang);
    const title = text(fieldUnitKey('title'), film.title);
    const characters = film.characters.map((c) => ({
      ...c,
      name: text(itemUnitKey('characters', c.id, 'name'), c.name),
      description: text(itemUnitKey('characters', c.id, 'description'), c.description),
    }));
    const marked = untranslated();
    return {
      ...film,
      title,
      characters,
      ...(texts && { locale }),
      ...(marked && { untranslated: marked }),
    };
  });
  return { ...page, locale, ownLang: lang, films };
}

/**
 * The lowest level among a person's biography paragraphs above `level`, the level the hidden note
 * offers: only its name leaves the database. Above `light` only `full` is left, so just a
 * no-spoiler reader's page, and only when something is held back, asks the database again.
 */
async function lowestHiddenLevel(slug: string, level: SpoilerLevel): Promise<SpoilerLevel> {
  const above = SPOILER_LEVELS.filter((l) => levelRank(l) > levelRank(level));
  if (above.length === 1) return above[0];
  const next = await db().personBioParagraph.findFirst({
    where: { slug, spoiler: above[0] },
    select: { id: true },
  });
  return next ? above[0] : above[above.length - 1];
}

/** How many names the index of people shows (`/people`, `/{locale}/people`); the rest are found by search. */
export const PEOPLE_SHOWN = 500;

/** Every person with a page (they play someone in, direct or write a published film), for the sitemap and prerendering. */
export async function listPublishedPeople({ offset = 0, limit }: Window = {}): Promise<Array<{ slug: string; name: string }>> {
  return db().person.findMany({
    where: PERSON_HAS_PAGE,
    orderBy: [{ name: 'asc' }, { slug: 'asc' }],
    skip: offset,
    take: limit,
    select: { slug: true, name: true },
  });
}
