import type { StoryKind } from '../page/diff-spec';
import type { SpoilerLevel } from '../spoilers/levels';

/**
 * What the suggestions and the lint read of a page: a narrow shape, so that they do not depend on
 * how the content object is laid out. `storyPageOf` (film-story-page.ts) builds it from a page;
 * anything that can list a page's items with their texts can build it instead.
 */

/** The kinds of item that carry a spoiler level (each levelled part says its own, lib/page/diff-spec.ts). */
export type ItemPart = StoryKind;

/** One text of an item, with the content path of the field that holds it ("events.11.description"). */
export type ItemText = {
  field: string;
  text: string;
  /** A quiz option that is not the answer: invented, so its lone common words reveal nothing. */
  distractor?: boolean;
};

export type StoryItem = {
  /** Content path of the object that holds the item's `spoiler` ("events.11", "kind.ending", "setting"). */
  path: string;
  /** A list item's id; null for the setting, a kind value, the summary and the poster. */
  id: string | null;
  part: ItemPart;
  /** For people: "Event 12 “The cancer comes back”", "Kind of film: Ending". */
  label: string;
  level: SpoilerLevel;
  texts: ItemText[];
  /** A timeline event's place in the timeline, 1..N; null for every other item. */
  position: number | null;
  /** The kind of film's ending value: it says how the story ends, whatever its words. */
  ending: boolean;
  /**
   * The field that names the item itself (a character's name, a theme's title, the setting's place),
   * if it has one: its words are what the item is, not something it reveals ("Sarah's mother").
   */
  titleField?: string;
};

/** A text every reader sees whatever their level, to lint: the title, the meta description, summary lines. */
export type ShownText = {
  /** "title", "premise" (the meta description is its start), "summary.timeline", … */
  path: string;
  label: string;
  text: string;
  /** Items this text is made from (a summary line names visible items): raising their level removes the text. */
  from: string[];
};

export type StoryPage = {
  /** Texts every reader sees at every level and that define what is not a spoiler: the title, the premise, the facts. */
  spoilerFree: ItemText[];
  /** The full story, first scene to last (always a full spoiler). */
  story: string;
  /** Every item with a spoiler level, in page order; the events in timeline order. */
  items: StoryItem[];
  /** Texts every reader sees, as a reader at level none gets them (so they depend on the levels). */
  shown: ShownText[];
};
