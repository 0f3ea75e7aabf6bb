/**
 * The line under each section's heading on a reader's page, keyed by part id, in every language
 * the interface has. English is the parts' own lines (lib/page/parts: the page format's wording);
 * another language's come from its messages' `parts.ledes` (lib/i18n/reader-text.ts) and say the
 * same facts from the same reader slice, so they hold back what the page holds back: they read
 * only what the reader was given. Pure.
 */
import type { createTranslator } from 'use-intl/core';
import { countWords, placeFacts, readingMinutes } from '../content/derive';
import { oneLine } from './page-text';
import { premiseLine } from './parts/premise';
import { castNamedInStory, storyLineAt } from './parts/story';
import { timelineLineAt } from './parts/timeline';
import { charactersLineAt } from './parts/characters';
import { settingLineAt } from './parts/setting';
import { kindLineAt } from './parts/kind';
import { themesLineAt } from './parts/themes';
import { triviaLineAt } from './parts/trivia';
import type { VisibleFilm } from '../spoilers/visible-film';

/** The sections that have a line under their heading. */
export const LEDE_SECTIONS = ['premise', 'story', 'timeline', 'characters', 'setting', 'kind', 'themes', 'trivia'] as const;
export type LedeSection = (typeof LEDE_SECTIONS)[number];
export const isLedeSection = (id: string): id is LedeSection => (LEDE_SECTIONS as readonly string[]).includes(id);

/** A section's line for a reader's page, or undefined for none (a premise with no words). */
export type Ledes = (section: LedeSection, film: VisibleFilm) => string | undefined;

const ENGLISH: Record<LedeSection, (film: VisibleFilm) => string | undefined> = {
  premise: (film) => (film.premiseWords > 0 ? premiseLine(film.title, film.premise, { storyFollows: film.storyWords > 0 }) : undefined),
  story: storyLineAt,
  timeline: timelineLineAt,
  characters: charactersLineAt,
  setting: settingLineAt,
  kind: kindLineAt,
  themes: themesLineAt,
  trivia: triviaLineAt,
};

/** The English lines: the registry's. */
export const englishLede: Ledes = (section, film) => ENGLISH[section](film);

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The ledes of a language from its `parts.ledes` messages. */
export function translatedLedes(t: ReturnType<typeof createTranslator>, language: string): Ledes {
  const say = t as unknown as Translate;
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const quoted = (text: string) => say('parts.ledes.quoted', { text: oneLine(text) });
  const held = (film: VisibleFilm) => say('parts.ledes.heldBack', { upto: film.upto ? 'true' : 'false' });
  const first3 = (names: string[]) => list.format(names.slice(0, 3));

  const lines: Record<LedeSection, (film: VisibleFilm) => string | undefined> = {
    premise: (film) =>
      film.premiseWords > 0
        ? say('parts.ledes.premise', {
            title: film.title,
            words: countWords(film.premise),
            storyFollows: film.storyWords > 0 ? 'true' : 'false',
          })
        : undefined,

    story: (film) => {
      const words = film.story !== null ? countWords(film.story) : film.storyWords;
      const linked = film.story !== null ? castNamedInStory({ story: film.story, characters: film.characters }) : 0;
      return say('parts.ledes.story', {
        title: film.title,
        words,
        minutes: readingMinutes(words),
        shown: film.story !== null ? 'true' : 'false',
        linked,
      });
    },

    timeline: (film) => {
      const { events, eventsTotal } = film;
      const { eventsWithPlace, locations } = placeFacts(events);
      const placeLine = eventsWithPlace > 0 ? ` ${say('parts.ledes.eventPlaces', { count: eventsWithPlace, locations })}` : '';
      if (eventsTotal === 0) return say('parts.ledes.events', { count: 0, range: '' });
      // Its first and last events are named only when the reader has them.
      const first = events[0]?.number === 1 ? quoted(events[0].title) : null;
      const lastEvent = events.at(-1);
      const last = lastEvent && lastEvent.number === eventsTotal ? quoted(lastEvent.title) : null;
      if (eventsTotal === 1)
        return first ? say('parts.ledes.oneEvent', { title: first }) + placeLine : say('parts.ledes.oneEventHidden', { held: held(film) });
      const range =
        first && last
          ? say('parts.ledes.fromTo', { first, last })
          : first
            ? say('parts.ledes.from', { first })
            : last
              ? say('parts.ledes.endingWith', { last })
              : '';
      const counted = say('parts.ledes.events', { count: eventsTotal, range });
      if (events.length === eventsTotal) return counted + placeLine;
      return `${counted} ${say('parts.ledes.eventsShown', { count: events.length, held: held(film) })}${placeLine}`;
    },

    characters: (film) => {
      const { characters, charactersTotal } = film;
      if (charactersTotal === 0) return say('parts.ledes.noCharacters');
      if (characters.length === 0) return say('parts.ledes.charactersHidden', { count: charactersTotal, held: held(film) });
      const named = characters.map((c) => (c.playedBy ? `${oneLine(c.name)} (${oneLine(c.playedBy.name)})` : oneLine(c.name)));
      return say('parts.ledes.characters', {
        count: charactersTotal,
        among: first3(named),
        linked: characters.every((c) => c.playedBy) ? 'true' : 'false',
      });
    },

    setting: (film) => {
      if (!film.setting) return say('parts.ledes.settingHidden', { title: film.title, held: held(film) });
      const era = oneLine(film.setting.era);
      const places = list.format(
        oneLine(film.setting.place)
          .split(/\s*,\s*/u)
          .filter(Boolean),
      );
      return say('parts.ledes.setting', { title: film.title, places, era, given: `${places ? 'place' : ''}${era ? 'era' : ''}` || 'none' });
    },

    kind: (film) => {
      // Values mid-sentence in lower case, as English writes them ("steady pacing").
      const trait = (key: string) => oneLine(film.kind.traits.find((t) => t.key === key)?.value ?? '').toLocaleLowerCase(language);
      const [tone, pacing, story] = [trait('tone'), trait('pacing'), trait('story')];
      const described = tone !== '' || pacing !== '' || story !== '';
      // As in English: hidden says so; other values shown without these three need no line above them.
      if (!described && film.hidden.kind > 0)
        return say('parts.ledes.kindHidden', { title: film.title, held: held(film), upto: film.upto ? 'true' : 'false' });
      if (!described && (film.kind.traits.length > 0 || film.kind.summary !== null || film.kind.moods.length > 0)) return '';
      const said = [
        tone && say('parts.ledes.tone', { value: tone }),
        pacing && say('parts.ledes.pacing', { value: pacing }),
        story && say('parts.ledes.storyKind', { value: story }),
      ].filter(Boolean);
      const line = said.join(' ; ');
      return line
        ? say('parts.ledes.kind', { said: line.charAt(0).toLocaleUpperCase(language) + line.slice(1) })
        : say('parts.ledes.kindUndescribed');
    },

    themes: (film) => {
      const { themes, themesTotal } = film;
      if (themesTotal === 0) return say('parts.ledes.themes', { count: 0, among: '', hidden: 'false', held: '' });
      return say('parts.ledes.themes', {
        count: themesTotal,
        among: first3(themes.map((theme) => oneLine(theme.title))),
        hidden: themes.length === 0 ? 'true' : 'false',
        held: held(film),
      });
    },

    trivia: (film) => {
      const shown = film.trivia.length === film.triviaTotal ? 'all' : film.trivia.length > 0 ? 'some' : 'none';
      return say('parts.ledes.trivia', {
        count: film.triviaTotal,
        title: film.title,
        shown,
        visible: film.trivia.length,
        held: held(film),
      });
    },
  };
  return (section, film) => lines[section](film);
}
