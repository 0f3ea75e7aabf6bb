import { z } from 'zod';
import { MAX_SHORT, MAX_TEXT, itemIdSchema, requiredText, spoiler, trimmed } from '../../content/fields';
import { placeFacts, plural } from '../../content/derive';
import type { SpoilerLevel } from '../../spoilers/levels';
import { quote } from '../diff-spec';
import { itemsNamedIn } from '../lede';
import { defineListPart } from '../list-part';
import { bodyLines, heldBackAt, oneLine } from '../page-text';

export const eventSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  description: trimmed(MAX_TEXT).default(''),
  when: trimmed(MAX_SHORT).default(''),
  where: trimmed(MAX_SHORT).default(''),
  /**
   * Minutes into the film (optional). Not a spoiler in itself, so every reader gets every event's
   * minute: "I've seen up to" names a later event by it ("45 min in"), never by its title.
   */
  minute: z
    .number()
    .int('Enter whole minutes')
    .min(0, 'Enter a minute between 0 and 999')
    .max(999, 'Enter a minute between 0 and 999')
    .nullable()
    .optional(),
  spoiler,
});

export type TimelineEvent = z.output<typeof eventSchema>;
type Events = { events: TimelineEvent[] };

/** Each event's minute, in order (null where not given). */
export const eventMinutesOf = (events: ReadonlyArray<Pick<TimelineEvent, 'minute'>>) => events.map((e) => e.minute ?? null);

/** Stored minutes as read back; a list that does not match the timeline's length knows none. */
function parseEventMinutes(value: unknown, events: number): Array<number | null> {
  if (!Array.isArray(value) || value.length !== events) return Array.from({ length: events }, () => null);
  return value.map((m) => (Number.isInteger(m) && (m as number) >= 0 ? (m as number) : null));
}

const events = defineListPart({
  id: 'timeline',
  label: 'Timeline',
  key: 'events',
  heading: (title) => `${title} Timeline: Every Key Event in Order`,
  item: eventSchema,
  max: 300,
  nouns: ['event', 'events'],
  storyKind: 'event',
  titleField: 'title',
  fields: [
    { field: 'title', label: 'title', kind: 'text' },
    { field: 'description', label: 'description', kind: 'long' },
    { field: 'when', label: 'when', kind: 'text' },
    { field: 'where', label: 'where', kind: 'text' },
    { field: 'minute', label: 'minute', kind: 'number' },
  ],
  name: (_item, n) => `event ${n}`,
  itemLabel: (item, n) => `Event ${n}${quote(item.title)}`,
  number: (n) => String(n),
  detail: (c) => {
    const { eventsWithPlace, locations } = placeFacts(c.events);
    return `${eventsWithPlace} name a place, across ${plural(locations, 'location')}`;
  },
  lede: {
    label: 'The timeline’s summary line',
    text: (film: Parameters<typeof timelineLineAt>[0]) => timelineLineAt(film),
    names: (film: Events, content: Events, line: string) => itemsNamedIn(line, 'events', film.events, content.events, (e) => e.title),
  },
  table: 'timelineEvent',
  search: {
    kind: 'event',
    label: 'Timeline event',
    named: true,
    document: (e) => ({
      title: e.title,
      body: bodyLines(e.description, e.when && `When: ${e.when}`, e.where && `Where: ${e.where}`),
      names: e.where ? [e.where] : [],
    }),
  },
  editor: {
    description: 'Key events in the order they happen. Drag the handle, or use the arrows, to reorder.',
    fallback: 'Untitled event',
  },
});

/**
 * "{title} Timeline: Every Key Event in Order": ordered events, each at its own level, and every
 * event's minute beside them (a PublishedFilm column, read at every level).
 */
export const timelinePart = {
  ...events,
  reader: {
    ...events.reader,
    /** Every event's minute, shown or not (a minute names nothing): the up-to menu's landmarks. */
    shape: { ...events.reader.shape, eventMinutes: z.array(z.int().nullable()) },
    visible: (c: Events, level: SpoilerLevel) => ({ ...events.reader.visible(c, level), eventMinutes: eventMinutesOf(c.events) }),
    select: (level: SpoilerLevel) => {
      const { fields, counts } = events.reader.select(level);
      return { fields: { ...fields, eventMinutes: true }, counts };
    },
    read: (row: Parameters<typeof events.reader.read>[0] & { eventMinutes: unknown }) => ({
      ...events.reader.read(row),
      eventMinutes: parseEventMinutes(row.eventMinutes, row._count.events),
    }),
  },
  storage: { ...events.storage, columns: (c: Events) => ({ eventMinutes: eventMinutesOf(c.events) }) },
};

const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function firstToLast(events: Pick<TimelineEvent, 'title'>[]): string {
  if (events.length === 0) return '';
  return `from “${oneLine(events[0].title)}” to “${oneLine(events[events.length - 1].title)}”`;
}

export function timelineLine(events: Pick<TimelineEvent, 'title' | 'where'>[]): string {
  const { eventsWithPlace, locations } = placeFacts(events);
  const counted =
    events.length === 1
      ? `1 key event: “${oneLine(events[0].title)}”.`
      : `${plural(events.length, 'key event')} in the order they happen${events.length > 0 ? `, ${firstToLast(events)}` : ''}.`;
  // Said only of events that name one: "0 events name a place, across 0 locations" tells nothing.
  const places =
    eventsWithPlace > 0
      ? ` ${plural(eventsWithPlace, 'event')} ${verb(eventsWithPlace, 'names', 'name')} a place, across ${plural(locations, 'location')}.`
      : '';
  return `${counted}${places}`;
}

export function showOthersLine(title: string, hidden: number): string {
  return `Show the other ${plural(hidden, 'event')} of ${title} Hide the last ${plural(hidden, 'event')}`;
}

/**
 * The timeline's line at a reader's level: with nothing held back, the page format's own line;
 * else it counts everything but names only what is shown (its last event only when that is shown).
 */
export function timelineLineAt(film: {
  events: Array<Pick<TimelineEvent, 'title' | 'where'> & { number: number }>;
  eventsTotal: number;
  upto?: unknown;
}): string {
  const { events, eventsTotal } = film;
  if (events.length === eventsTotal) return timelineLine(events);
  const first = events[0]?.number === 1 ? `“${events[0].title}”` : null;
  const last = events.length > 0 && events[events.length - 1].number === eventsTotal ? `“${events[events.length - 1].title}”` : null;
  const range = first && last ? `, from ${first} to ${last}` : first ? `, from ${first}` : last ? `, ending with ${last}` : '';
  const { eventsWithPlace, locations } = placeFacts(events);
  if (eventsTotal === 1) return `1 key event, not shown ${heldBackAt(film)}.`;
  const shown =
    events.length === 0
      ? `None is shown ${heldBackAt(film)}.`
      : `${events.length} ${verb(events.length, 'is', 'are')} shown ${heldBackAt(film)}` +
        (eventsWithPlace > 0
          ? `: ${eventsWithPlace} ${verb(eventsWithPlace, 'names', 'name')} a place, across ${plural(locations, 'location')}.`
          : '.');
  return `${plural(eventsTotal, 'key event')} in the order they happen${range}. ${shown}`;
}
