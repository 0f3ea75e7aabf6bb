import { z } from 'zod';
import { MAX_SHORT, MAX_TEXT, itemIdSchema, requiredText, spoiler, trimmed, uniqueIds } from '../../content/fields';
import { placeFacts, plural } from '../../content/derive';
import { levelField, quote, type Item } from '../diff-spec';
import { itemsNamedIn } from '../lede';
import { definePart } from '../part';
import { bodyLines, oneLine } from '../page-text';
import { atLevelInOrder, listRows, numbered, visibleAt } from '../spoiler-filter';

export const eventSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  description: trimmed(MAX_TEXT).default(''),
  when: trimmed(MAX_SHORT).default(''),
  where: trimmed(MAX_SHORT).default(''),
  spoiler,
});

export type TimelineEvent = z.output<typeof eventSchema>;
type EventRow = Omit<TimelineEvent, 'id'> & { itemId: string; position: number };

/** "{title} Timeline: Every Key Event in Order": ordered events, each at its own level. */
export const timelinePart = definePart({
  id: 'timeline',
  label: 'Timeline',
  keys: ['events'],
  heading: (title) => `${title} Timeline: Every Key Event in Order`,
  schema: { events: z.array(eventSchema).max(300).default([]) },
  refine: (c: { events: TimelineEvent[] }, ctx) => uniqueIds(c.events, ['events'], ctx),
  spoiler: 'per-item',
  counts: [
    {
      key: 'events',
      nouns: ['event', 'events'],
      items: (c: { events: TimelineEvent[] }) => c.events,
      detail: (c: { events: TimelineEvent[] }) => {
        const { eventsWithPlace, locations } = placeFacts(c.events);
        return `${eventsWithPlace} name a place, across ${plural(locations, 'location')}`;
      },
    },
  ],
  lede: {
    label: 'The timeline’s summary line',
    text: (film: Parameters<typeof timelineLineAt>[0]) => timelineLineAt(film),
    names: (film: { events: TimelineEvent[] }, content: { events: TimelineEvent[] }, line: string) =>
      itemsNamedIn(line, 'events', film.events, content.events, (e) => e.title),
  },
  diff: {
    lists: [
      {
        key: 'events',
        storyKind: 'event',
        noun: 'event',
        nouns: 'events',
        get: (c) => c.events as Item[],
        set: (c, items) => void (c.events = items),
        name: (_item, n) => `event ${n}`,
        label: (item, n) => `Event ${n}${quote(item.title)}`,
        title: (item) => String(item.title ?? ''),
        fields: [
          { field: 'title', label: 'title', kind: 'text' },
          { field: 'description', label: 'description', kind: 'long' },
          { field: 'when', label: 'when', kind: 'text' },
          { field: 'where', label: 'where', kind: 'text' },
          levelField,
        ],
      },
    ],
  },
  reader: {
    shape: { events: z.array(eventSchema.extend({ number: z.int().min(1) })), eventsTotal: z.int() },
    hidden: { events: z.int() },
    visible: (c: { events: TimelineEvent[] }, level) => {
      const events = visibleAt(numbered(c.events), level);
      return { events, eventsTotal: c.events.length, hidden: { events: c.events.length - events.length } };
    },
    select: (level) => ({
      fields: {
        events: {
          ...atLevelInOrder(level),
          select: { itemId: true, position: true, title: true, description: true, when: true, where: true, spoiler: true },
        },
      },
      counts: { events: true },
    }),
    read: (row: { events: EventRow[]; _count: { events: number } }) => ({
      events: row.events.map(({ itemId, position, ...e }) => ({ id: itemId, number: position + 1, ...e })),
      eventsTotal: row._count.events,
      hidden: { events: row._count.events - row.events.length },
    }),
  },
  storage: { rows: (c: { events: TimelineEvent[] }, { filmId }) => [['timelineEvent', listRows(filmId, c.events)]] },
  search: {
    kinds: { event: { label: 'Timeline event', anchor: 'item', named: true } },
    documents: (c: { events: TimelineEvent[] }) =>
      c.events.map((e, position) => ({
        kind: 'event',
        itemId: e.id,
        position,
        level: e.spoiler,
        title: e.title,
        body: bodyLines(e.description, e.when && `When: ${e.when}`, e.where && `Where: ${e.where}`),
        names: e.where ? [e.where] : [],
      })),
  },
});

export function firstToLast(events: Pick<TimelineEvent, 'title'>[]): string {
  if (events.length === 0) return '';
  return `from “${oneLine(events[0].title)}” to “${oneLine(events[events.length - 1].title)}”`;
}

export function timelineLine(events: Pick<TimelineEvent, 'title' | 'where'>[]): string {
  const { eventsWithPlace, locations } = placeFacts(events);
  const range = events.length > 0 ? `, ${firstToLast(events)}` : '';
  return (
    `${plural(events.length, 'key event')} in the order they happen${range}. ` +
    `${plural(eventsWithPlace, 'event')} ${eventsWithPlace === 1 ? 'names' : 'name'} a place, across ${plural(locations, 'location')}.`
  );
}

export function showOthersLine(title: string, hidden: number): string {
  return `Show the other ${plural(hidden, 'event')} of ${title} Hide the last ${plural(hidden, 'event')}`;
}

const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * The timeline's line at a reader's level: with nothing held back, the page format's own line;
 * else it counts everything but names only what is shown (its last event only when that is shown).
 */
export function timelineLineAt(film: {
  events: Array<Pick<TimelineEvent, 'title' | 'where'> & { number: number }>;
  eventsTotal: number;
}): string {
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
