import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { READ_PARTS } from '../../spoilers/visible-film';
import { spoilerLevelSchema } from '../../spoilers/levels';
import { COUNTED_PARTS } from '../../spoilers/level-counts';
import { attemptInputSchema } from '../../quiz/quiz-schema';
import { isoDateTime } from './common-api';
import { listSchema } from '../list';

/**
 * The public reader API (docs/product.md, "Addresses"): published content only, filtered by the reader's
 * spoiler level on the server. Schemas of what it answers, for the OpenAPI document and clients.
 */
export const spoilersQuerySchema = z.object({
  spoilers: spoilerLevelSchema
    .optional()
    .meta({ description: 'How much to show (none < light < full); defaults to the reader cookie, else none' }),
});

/** The texts of a translated answer that are in the page's own language (lib/translations/unit-key.ts). */
const untranslatedSchema = z
  .object({ lang: z.string(), keys: z.array(z.string()) })
  .optional()
  .meta({
    description:
      'With `?locale=`: the texts this answer has in the page’s own language `lang` because the translation has none up to date for them, named by unit key (`events[e3].title`, as in the translation endpoints); only texts in this answer are named',
  });

/** The quiz's API in a language of the site. */
export const quizReaderQuerySchema = spoilersQuerySchema.extend({
  locale: z.string().optional().meta({
    description:
      'A language of the site (SITE_LOCALES): the quiz’s texts (prompts, options, explanations) from the film’s published translation into it, the page’s own where it has none up to date (`Content-Language` says which came back); a language the site does not have is a 400',
  }),
});

/** The film page and its API can also be read up to a point of the story. */
export const filmReaderQuerySchema = spoilersQuerySchema.extend({
  upto: z
    .string()
    // No flag: the generator writes a RegExp's flags into the pattern.
    .regex(/^\d{1,3}$/)
    .optional()
    .meta({
      description:
        'I have seen the first N events of the timeline: only what is revealed by then is sent (overrides the cookie; `spoilers` wins when both are given). Remembered per film by `/spoilers?upto=N&film={slug}`',
    }),
  locale: z.string().optional().meta({
    description:
      'A language of the site (SITE_LOCALES): the page’s published translation into it, with the same items held back (`Content-Language` says which language came back: the page’s own where it has no published translation). A text whose source changed since it was translated comes in the page’s language',
  }),
});

export const searchSuggestionsQuerySchema = spoilersQuerySchema.extend({
  q: z
    .string()
    .max(200, 'At most 200 characters')
    .default('')
    .meta({ description: 'What the reader has typed so far (2 characters or more suggest something)' }),
  locale: z.string().optional().meta({
    description:
      'A language of the site (SITE_LOCALES): in a translation’s, the titles of the films’ published translations in it, linking to their pages in it; in the site’s own (or absent), its own titles and pages; a language the site does not have is a 400',
  }),
});

export const searchSuggestionsSchema = z.object({
  query: z.string(),
  level: spoilerLevelSchema,
  suggestions: z.array(z.object({ kind: z.enum(['film', 'person']), label: z.string(), href: z.string() })),
});

export const filmSummarySchema = z
  .object({
    slug: slugSchema,
    title: z.string(),
    releaseYear: z.int().nullable(),
    premise: z.string(),
    publishedAt: isoDateTime,
    url: z.string().meta({ description: 'The reader page (in the list’s language)' }),
    href: z.string().meta({ description: 'This film in the API (in the list’s language)' }),
    untranslated: untranslatedSchema,
  })
  .meta({ id: 'FilmSummary', description: 'Spoiler-safe: title and premise are level none' });

export const publishedFilmListSchema = listSchema(filmSummarySchema, 'PublishedFilmList', 'One page of published films');

export const filmListPageQuerySchema = z.object({
  locale: z.string().optional().meta({
    description:
      'A language of the site (SITE_LOCALES): the films published in it (with a published translation into it), their title and premise in it (the page’s own where the translation has none up to date, named in `untranslated`), `sort=title` by the title in it; a language the site does not have is a 400',
  }),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({ description: 'Page number, 1-based, newest films first' }),
  genre: z.string().trim().min(1).max(60).optional().meta({ description: 'Only films with this genre (any case)' }),
  year: z.coerce.number().int().min(1870).max(2100).optional().meta({ description: 'Only films released that year' }),
});

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ReaderPart = (typeof READ_PARTS)[number];
const readerShape = Object.assign({}, ...READ_PARTS.map((part) => part.reader.shape)) as UnionToIntersection<ReaderPart['reader']['shape']>;
const hiddenShape = Object.assign({}, ...READ_PARTS.map((part) => part.reader.hidden)) as UnionToIntersection<
  ReaderPart['reader']['hidden']
>;

/** VisibleFilm as the API answers it: each part's fields (lib/page/parts, `reader.shape`), the counts and what was held back. */
export const visibleFilmSchema = z
  .object({
    level: spoilerLevelSchema,
    ...readerShape,
    counts: z.record(z.enum(COUNTED_PARTS), z.object({ none: z.int(), light: z.int(), full: z.int() })).meta({
      description: 'How many items of each part are at each spoiler level: counts only, so a client can say what a level would add',
    }),
    hidden: z
      .object(hiddenShape)
      .meta({ description: 'How many items were held back at this level (they are not in the response at all)' }),
    upto: z
      .object({ seen: z.int().min(0), events: z.int().min(0) })
      .optional()
      .meta({
        description:
          'Present when the page is read up to a point (`?upto=N`): the events seen and the timeline’s length. Only what is revealed by then is in the response; `level` is the level of the events seen',
      }),
    untranslated: untranslatedSchema,
  })
  .meta({ id: 'VisibleFilm', description: 'A published film page at one spoiler level' });

export const quizSchemaForReaders = z
  .object({
    questions: z.array(
      z.object({
        id: z.string(),
        prompt: z.string(),
        spoiler: spoilerLevelSchema,
        options: z.array(z.object({ id: z.string(), text: z.string() })),
      }),
    ),
    hidden: z.int().meta({ description: 'Questions above the level, left out' }),
    untranslated: untranslatedSchema,
  })
  .meta({ id: 'ReaderQuiz', description: 'The questions at this level, never the answers' });

/** The body the attempts route validates with (lib/quiz), named for the document. */
export const quizAttemptBodySchema = attemptInputSchema.meta({
  id: 'QuizAttemptBody',
  description: '{ answers: { questionId: optionId } }',
});

export const quizAttemptResultSchema = z
  .object({
    score: z.int(),
    total: z.int(),
    results: z.array(z.object({ questionId: z.string(), correct: z.boolean(), correctOptionId: z.string(), explanation: z.string() })),
    untranslated: untranslatedSchema,
  })
  .meta({ id: 'QuizAttemptResult', description: 'Scored on the server' });
