/**
 * Leak probes for reading up to a point, from the demo page as the seed publishes it: at each
 * point N (0 … the timeline's length), the first 8 words of every sentence of every item a reader
 * who has seen the first N events must not be sent (lib/spoilers/reading-point.ts), and of the
 * full story until every event is seen; a content note's whole label (short, so no 8 words). A probe that a shown text also holds is left out (it
 * could not tell a leak). Shared by the e2e spec and the integration test through the real server.
 */
import { readingPointsOf, storyItemsOf } from '../lib/story-position';
import { readingKeyOfItem, shownUpTo } from '../lib/spoilers/reading-point';
import { isVisibleAt, type SpoilerLevel } from '../lib/spoilers/levels';
import { paragraphs } from '../lib/content/derive';
import { demo } from './reader-demo';

export const POINTS = readingPointsOf(demo);
export const EVENTS = demo.events.length;

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** The first 8 words of a sentence, or null when it has fewer than 3 (too common to tell a leak). */
function probeOf(sentence: string): string | null {
  const words = sentence.replace(/^>\s*/u, '').split(/\s+/u).filter(Boolean);
  return words.length >= 3 ? words.slice(0, 8).join(' ') : null;
}

// The film page's items; the quiz is read at its own level on its own page.
const ITEMS = storyItemsOf(demo).filter((item) => item.part !== 'question');

export type UptoProbes = { hidden: string[]; shown: string[] };

/** What a reader who has seen the first `upto` events must not get (`hidden`) and must get (`shown`, their first probes). */
export function probesAt(upto: number): UptoProbes {
  return probesWhere((item) => shownUpTo(POINTS, upto, { itemId: readingKeyOfItem(item), spoiler: item.level }), upto >= EVENTS);
}

/**
 * The same probes for a reader at a spoiler level, without a point: the page a reader without a
 * choice of point gets is this, whatever pages read up to a point the caches hold. (Not the probes
 * of a point: an item the editor set at none can be dated later by its suggestion, so a reader at
 * none sees it and a reader at that point does not yet.)
 */
export function probesAtLevel(level: SpoilerLevel): UptoProbes {
  return probesWhere((item) => isVisibleAt(item.level, level), level === 'full');
}

function probesWhere(isShown: (item: (typeof ITEMS)[number]) => boolean, storyShown: boolean): UptoProbes {
  const shownText: string[] = [demo.title, demo.premise];
  const hidden = new Set<string>();
  const shown = new Set<string>();
  for (const item of ITEMS) {
    const visible = isShown(item);
    for (const { text } of item.texts) {
      if (visible) shownText.push(text);
      // A content note's words are short: the whole label is its probe (its kind is shown to everyone).
      if (item.part === 'contentNote') (visible ? shown : hidden).add(text);
      else
        for (const sentence of sentencesOf(text)) {
          const probe = probeOf(sentence);
          if (probe) (visible ? shown : hidden).add(probe);
        }
    }
  }
  if (!storyShown)
    for (const paragraph of paragraphs(demo.story))
      for (const s of sentencesOf(paragraph.text)) {
        const probe = probeOf(s);
        if (probe) hidden.add(probe);
      }
  const all = shownText.join('\n');
  return { hidden: [...hidden].filter((probe) => !all.includes(probe)), shown: [...shown] };
}

/**
 * A page's text as the probes are written: HTML tags taken out (a name in a sentence is a link,
 * React puts `<!-- -->` between a text's parts), HTML entities and JSON string escapes undone.
 */
export function readable(body: string): string {
  return body
    .replace(/<[^>]*>/gu, '')
    .replace(/\\u([0-9a-f]{4})/giu, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\"/gu, '"')
    .replace(/\\n/gu, '\n')
    .replace(/&#x([0-9a-f]+);/giu, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/gu, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/gu, '"')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&amp;/gu, '&')
    .replace(/\s+/gu, ' ');
}

/** The probes a body holds. */
export const leaksIn = (body: string, probes: string[]) => {
  const text = readable(body);
  return probes.filter((probe) => text.includes(probe.replace(/\s+/gu, ' ')));
};

/** What the demo's content notes warn about, as every reader sees it at every level and point. */
export const NOTE_KINDS_LINE = 'illness, death';
