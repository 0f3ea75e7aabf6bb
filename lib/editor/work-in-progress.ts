import { z } from 'zod';
import { filmContentSchema, type FilmContent } from '../content/schema';
import { emptyFacts } from '../page/parts/facts';
import { spoilerLevelSchema } from '../spoilers/levels';

/**
 * The shape of the editor form while someone is typing: every field of the page, but without the
 * rules a saved revision must meet (a title may be empty, a slug half-typed). Autosave stores this,
 * so nothing typed is lost even when it is not valid yet; saving a revision still requires
 * `filmContentSchema`. Sizes are bounded so a slot cannot grow without limit.
 *
 * The quiz is not part of it: editors never change it here, and a save always carries the quiz of
 * the revision it is based on.
 */
const text = (max: number) => z.string().max(max);
const SHORT = 1_000;
const LONG = 100_000;
const itemId = z.string().min(1).max(64);
const level = spoilerLevelSchema;

const tag = z.object({ emoji: text(64), label: text(SHORT) });
const labelItem = z.object({ id: itemId, label: text(SHORT), spoiler: level });
const trait = z.object({ value: text(SHORT), spoiler: level });
const person = z.object({ name: text(SHORT), slug: text(SHORT) });

export const workInProgressSchema = z.object({
  title: text(SHORT),
  slug: text(SHORT),
  // A number input may hold anything while typing; what cannot be a year is kept as "no year".
  releaseYear: z.number().int().nullable().catch(null),
  premise: text(LONG),
  story: text(LONG * 2),
  events: z
    .array(z.object({ id: itemId, title: text(SHORT), description: text(LONG), when: text(SHORT), where: text(SHORT), spoiler: level }))
    .max(300),
  characters: z
    .array(
      z.object({
        id: itemId,
        name: text(SHORT),
        playedBy: person.nullable(),
        description: text(LONG),
        tags: z.array(tag).max(50),
        spoiler: level,
      }),
    )
    .max(200),
  setting: z.object({ era: text(SHORT), when: text(LONG), place: text(SHORT), where: text(LONG), tags: z.array(tag).max(50), spoiler: level }),
  themes: z.array(z.object({ id: itemId, title: text(SHORT), description: text(LONG), spoiler: level })).max(100),
  kind: z.object({
    tone: trait,
    pacing: trait,
    story: trait,
    intensity: trait,
    ending: trait,
    summary: z.object({ text: text(LONG), spoiler: level }),
    moods: z.array(labelItem).max(100),
    contentNotes: z.array(labelItem).max(100),
  }),
  // Film facts; a slot saved before facts existed reads as no facts.
  facts: z
    .object({
      releaseDate: text(SHORT),
      runtimeMinutes: z.number().int().nullable().catch(null),
      directors: z.array(person).max(100),
      writers: z.array(person).max(100),
      genres: z.array(text(SHORT)).max(100),
      countries: z.array(text(SHORT)).max(100),
      languages: z.array(text(SHORT)).max(100),
      ageRatings: z.array(text(SHORT)).max(100),
      imdbId: text(SHORT),
      wikidataId: text(SHORT),
    })
    .default(emptyFacts),
  // Poster and stills (image ids of uploads); a slot saved before images existed reads as none.
  poster: z.object({ image: text(SHORT), alt: text(SHORT), spoiler: level }).nullable().default(null),
  stills: z
    .array(z.object({ id: itemId, image: text(SHORT), alt: text(SHORT), caption: text(SHORT), spoiler: level }))
    .max(100)
    .default([]),
});

export type WorkInProgress = z.output<typeof workInProgressSchema>;

/** The form's values without the quiz: what autosave stores. */
export function withoutQuiz(values: WorkInProgress & { quiz?: unknown }): WorkInProgress {
  const { quiz: _quiz, ...rest } = values;
  return rest;
}

/**
 * Work in progress as a saveable page, with the quiz of its base revision put back: null when it
 * does not (yet) meet the content rules.
 */
export function asFilmContent(work: WorkInProgress, quiz: FilmContent['quiz']): FilmContent | null {
  const parsed = filmContentSchema.safeParse({ ...work, quiz });
  return parsed.success ? parsed.data : null;
}
