import type { FilmContent } from '../../content/schema';
import { TIMELINE_FIRST_SHOWN, placeFacts } from '../../content/derive';
import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { oneLine } from '../../page/page-text';
import { firstToLast, showOthersLine, timelineLine, type TimelineEvent } from '../../page/parts/timeline';
import { itemMarker, paragraphLines, positionalId, type Marker } from '../page-text';
import {
  assignIds,
  checkCount,
  checkPhrase,
  joinParagraphs,
  readMarker,
  unplaced,
  warn,
  type Context,
  type Line,
  type Pending,
} from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * "{title} Timeline: Every Key Event in Order": the derived line, then per event "- 3", its title
 * (with its marker), description lines, "At: 45 min" (its minute into the film, optional) and
 * "When:{when} Where:{where}" (Where: optional, the line left out when both are empty); "Show the
 * other N events …" after the tenth.
 */

const TIMELINE_LINE = /^(\d+) key events?\b/iu;
const SHOW_OTHERS_LINE = /^Show the other (\d+) events?\b/iu;
const EVENT_NUMBER = /^-\s*(\d+)$/u;
const WHEN_WHERE = /^When:\s*(.*?)\s*(?:\bWhere:\s*(.*))?$/u;
const WHERE_ONLY = /^Where:\s*(.*)$/u;
const AT_MINUTE = /^At:\s*(\d{1,3})\s*min(?:utes?)?\.?$/iu;

type EventDraft = {
  number: Line;
  title?: Line & { marker: Marker };
  description: string[];
  minute?: number;
  when: string;
  where: string;
  closed: boolean;
};

export const timelineSection = {
  format: ({ title, events }: { title: string; events: TimelineEvent[] }) => {
    const lines = [timelineLine(events)];
    events.forEach((event, index) => {
      lines.push(...eventLines(event, index));
      const hidden = events.length - TIMELINE_FIRST_SHOWN;
      if (index === TIMELINE_FIRST_SHOWN - 1 && hidden > 0) lines.push(showOthersLine(title, hidden));
    });
    return lines;
  },
  parse: (body: Line[], ctx: Context) => {
    const drafts: EventDraft[] = [];
    body.forEach((line, index) => {
      const current = drafts[drafts.length - 1];
      if (index === 0 && TIMELINE_LINE.test(line.text)) {
        ctx.checks.push((content) => checkTimelineLine(ctx, line, content));
        return;
      }
      const showOthers = SHOW_OTHERS_LINE.exec(line.text);
      if (showOthers) {
        checkShowOthers(ctx, line, Number(showOthers[1]), drafts.length);
        return;
      }
      if (EVENT_NUMBER.test(line.text)) {
        drafts.push({ number: line, description: [], when: '', where: '', closed: false });
        return;
      }
      if (!current || current.closed) return unplaced(ctx, line, 'timeline');
      const at = current.title ? AT_MINUTE.exec(line.text) : null;
      if (at) {
        current.minute = Number(at[1]);
        return;
      }
      const whenWhere = WHEN_WHERE.exec(line.text);
      const whereOnly = WHERE_ONLY.exec(line.text);
      if (whenWhere || whereOnly) {
        current.when = whenWhere?.[1] ?? '';
        current.where = (whenWhere ? whenWhere[2] : whereOnly?.[1]) ?? '';
        current.closed = true;
        return;
      }
      if (!current.title) current.title = { ...line, ...readMarker(ctx, line, line.text, ['spoiler', 'id']) };
      else current.description.push(line.text);
    });
    const pending = drafts.map((draft, index) => toEvent(ctx, draft, index));
    return { events: assignIds(ctx, pending, positionalId.event) };
  },
  removable: [{ path: ['events'], what: 'event' }],
} satisfies PageFormatSection;

function eventLines(event: TimelineEvent, index: number): string[] {
  const when = oneLine(event.when);
  const where = oneLine(event.where);
  const whenWhere = when || where ? [`When:${when}${where ? ` Where:${where}` : ''}`] : [];
  return [
    `- ${index + 1}`,
    `${oneLine(event.title)}${itemMarker(event, positionalId.event(index))}`,
    ...paragraphLines(event.description),
    ...(event.minute === null || event.minute === undefined ? [] : [`At: ${event.minute} min`]),
    ...whenWhere,
  ];
}

function toEvent(ctx: Context, draft: EventDraft, index: number): Pending<TimelineEvent> {
  const number = Number(EVENT_NUMBER.exec(draft.number.text)![1]);
  if (number !== index + 1) warn(ctx, draft.number.n, 'count', `This event is numbered ${number} but is event ${index + 1}`);
  if (!draft.title) warn(ctx, draft.number.n, 'invalid', `Event ${index + 1} has no title; called “Untitled event”`);
  const item: TimelineEvent = {
    id: '',
    title: draft.title?.text || 'Untitled event',
    description: joinParagraphs(draft.description),
    when: draft.when,
    where: draft.where,
    ...(draft.minute === undefined ? {} : { minute: draft.minute }),
    spoiler: draft.title?.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.title?.marker.id, line: draft.title?.n ?? draft.number.n };
}

function checkTimelineLine(ctx: Context, line: Line, content: FilmContent) {
  const { events } = content;
  checkCount(ctx, line, 'key events', Number(TIMELINE_LINE.exec(line.text)![1]), events.length);
  const range = /from\s+[“"](.*)[”"]\s+to\s+[“"](.*)[”"]\./u.exec(line.text);
  if (range && events.length > 0)
    checkPhrase(ctx, line, 'the first and last events', `from “${range[1]}” to “${range[2]}”`, firstToLast(events));
  const facts = placeFacts(events);
  const named = /(\d+) events? names? a place/iu.exec(line.text);
  if (named) checkCount(ctx, line, 'events naming a place', Number(named[1]), facts.eventsWithPlace);
  const across = /across (\d+) locations?/iu.exec(line.text);
  if (across) checkCount(ctx, line, 'locations', Number(across[1]), facts.locations);
}

/** "Show the other N events" belongs after the 10th event; the total is checked once all are read. */
function checkShowOthers(ctx: Context, line: Line, claimed: number, eventsBefore: number) {
  if (eventsBefore !== TIMELINE_FIRST_SHOWN) {
    warn(ctx, line.n, 'count', `“Show the other events” comes after event ${eventsBefore}; it belongs after event ${TIMELINE_FIRST_SHOWN}`);
  }
  ctx.checks.push((content) =>
    checkCount(ctx, line, 'events after the first ten', claimed, Math.max(0, content.events.length - TIMELINE_FIRST_SHOWN)),
  );
}
