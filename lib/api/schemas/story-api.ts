import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { spoilerLevelSchema } from '../../spoilers/levels';
import { revisionNumberSchema } from '../../films/film-schema';

/** The spoiler-level suggestions' answers (lib/story-position; docs/spoiler-suggestions.md). */
export const levelSuggestionSchema = z
  .object({
    path: z
      .string()
      .meta({ description: 'Content path of the object that holds the item’s `spoiler`, e.g. "events.11", "kind.ending", "setting"' }),
    label: z.string().meta({ description: 'The item for people, e.g. "Event 12 “The cancer comes back”"' }),
    part: z.string().meta({
      description: 'The kind of item: event, character, setting, theme, trait, summary, mood, contentNote, trivia, poster, still, question',
    }),
    current: spoilerLevelSchema.meta({ description: 'The level the item has in the latest revision' }),
    suggested: spoilerLevelSchema,
    revealedAt: z
      .number()
      .int()
      .min(1)
      .nullable()
      .meta({ description: 'The timeline position (1..N) by which what the item names is revealed; null when the premise covers it' }),
    reason: z.string().meta({ description: 'Why, in words: "Full: names ‘clear cell sarcoma’, first revealed by event 12 of 13"' }),
  })
  .meta({ id: 'LevelSuggestion' });

export const levelSuggestionsSchema = z
  .object({
    slug: slugSchema,
    revision: revisionNumberSchema.meta({ description: 'The revision the suggestions were computed from (the latest)' }),
    suggestions: z.array(levelSuggestionSchema).meta({ description: 'Every item with a spoiler level, in page order' }),
  })
  .meta({ id: 'LevelSuggestions' });
