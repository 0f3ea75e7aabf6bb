import type { VisibleFilm } from '../spoilers/visible-film';
import { placeFacts, plural, readingMinutes } from '../content/derive';
import {
  charactersAmongThem,
  charactersLine,
  kindLine,
  premiseLine,
  quizTeaser,
  settingLine,
  storyLine,
  themesAmongThem,
  themesLine,
  timelineLine,
} from '../content/page-lines';

/**
 * The derived lines of the reader page at the reader's level. When nothing is held back they are
 * exactly the lines of the page format (lib/content/page-lines.ts, what the exporter writes), so the
 * page and an export agree. When items are hidden, the lines count everything but name and
 * describe only what is visible: the timeline names its last event only when that event is shown.
 */

const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

export { premiseLine, quizTeaser };

export function storyLineAt(film: VisibleFilm): string {
  if (film.story !== null) return storyLine({ title: film.title, story: film.story, characters: film.characters });
  const words = film.storyWords;
  return (
    `The complete story of ${film.title}, from the first scene to the last, in ${plural(words, 'word')} ` +
    `(about ${plural(readingMinutes(words), 'minute')}). It gives everything away, so it is shown with full spoilers only.`
  );
}

export function timelineLineAt(film: VisibleFilm): string {
  const { events, eventsTotal } = film;
  if (events.length === eventsTotal) return timelineLine(events);
  const first = events[0]?.number === 1 ? `“${events[0].title}”` : null;
  const last = events.length > 0 && events[events.length - 1].number === eventsTotal ? `“${events[events.length - 1].title}”` : null;
  const range = first && last ? `, from ${first} to ${last}` : first ? `, from ${first}` : last ? `, ending with ${last}` : '';
  const { eventsWithPlace, locations } = placeFacts(events);
  const shown =
    events.length === 0
      ? 'None is shown at this spoiler level.'
      : `${events.length} ${verb(events.length, 'is', 'are')} shown at this spoiler level: ` +
        `${eventsWithPlace} ${verb(eventsWithPlace, 'names', 'name')} a place, across ${plural(locations, 'location')}.`;
  return `${plural(eventsTotal, 'key event')} in the order they happen${range}. ${shown}`;
}

export function charactersLineAt(film: VisibleFilm): string {
  const { characters, charactersTotal } = film;
  if (characters.length === charactersTotal) return charactersLine(characters);
  if (characters.length === 0) return `${plural(charactersTotal, 'character')}, all of them hidden at this spoiler level.`;
  return (
    `${plural(charactersTotal, 'character')}, among them ${charactersAmongThem(characters)}: ` +
    'who each one is and the part they play in the story. Every profile links to the actor’s page.'
  );
}

export function settingLineAt(film: VisibleFilm): string {
  return film.setting ? settingLine(film.title, film.setting) : `Where and when ${film.title} is set is hidden at this spoiler level.`;
}

export function themesLineAt(film: VisibleFilm): string {
  const { themes, themesTotal } = film;
  if (themes.length === themesTotal) return themesLine(themes);
  if (themes.length === 0) return `${plural(themesTotal, 'idea')} the story keeps returning to, all of them hidden at this spoiler level.`;
  return `${plural(themesTotal, 'idea')} the story keeps returning to, among them ${themesAmongThem(themes)}.`;
}

export function kindLineAt(film: VisibleFilm): string {
  const value = (key: 'tone' | 'pacing' | 'story') => ({ value: film.kind.traits.find((t) => t.key === key)?.value ?? '', spoiler: 'none' as const });
  const described = ['tone', 'pacing', 'story'].some((key) => film.kind.traits.some((t) => t.key === key));
  // "Not described yet" would be untrue when the description is there but above the reader's level.
  // The counts are per part, not per value, so the level that shows it for certain is full.
  if (!described && film.hidden.kind > 0) return `What kind of film ${film.title} is, is hidden at this spoiler level. Full spoilers show it.`;
  return kindLine({ tone: value('tone'), pacing: value('pacing'), story: value('story') });
}
