import type { FilmContent } from '../content/schema';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '../spoilers/levels';
import {
  assessItem,
  findEvidence,
  namedTerms,
  premiseNamed,
  strongestEvidence,
  type AssessContext,
  type Evidence,
  type NamedTerm,
} from './assess-item';
import { lastPositionAt } from './level-for-position';
import { assessContext, type SuggestOptions } from './suggest-levels';
import { storyPageOf } from './film-story-page';
import { termKeys } from './text-terms';
import type { RevealIndex } from './reveal-index';
import type { StoryItem, StoryPage } from './story-page';

/**
 * The spoiler lint: warnings where a page's levels, as an editor set them, let a reader see more
 * than the level says. An item warns when its text names something revealed after the point its
 * level shows (by the editor's own timeline: a light item may name what light events show), when
 * it names something only higher-level items name, or, for an event, when an earlier event is at a
 * higher level (one warning per field, the one asking for the highest level).
 * Text every reader sees (the title, the premise that the meta description is made
 * from, the summary lines) warns when it names what only the second half of the timeline reveals.
 * Raising every level (the same way for all items) never adds a warning (property-tested).
 */

export type SpoilerWarning = {
  /** The item ("events.3", "kind.ending") or the always-shown text ("title", "premise", "summary.timeline"). */
  path: string;
  label: string;
  /** Where the phrase is: "events.3.description". */
  field: string;
  phrase: string;
  /** The level it is at now; null for text every reader sees. */
  current: SpoilerLevel | null;
  /** The level its text calls for. */
  level: SpoilerLevel;
  /** raise: one click raises the item's level; reword: the text is seen at every level, so only rewording helps. */
  fix: 'raise' | 'reword';
  check: 'later-point' | 'higher-item' | 'timeline-order' | 'shown-text';
  message: string;
  /** The item it is about, for remembering a dismissal: its id, or its path when it has none ("setting", "kind.ending"). */
  item: string;
  /** What reveals the phrase: "Event 9 “A plan to escape”", "Question 7 “…”"; null for an outcome word or the ending. */
  revealedBy: string | null;
};

/** How a dismissal names a warning: its item and the phrase that triggered it (lint-dismissals.ts). */
export const lintWarningKey = (warning: Pick<SpoilerWarning, 'item' | 'phrase' | 'check'>) =>
  `${warning.item} ${warning.check === 'timeline-order' ? '#order' : warning.phrase}`;

/** The warnings not dismissed by revision `revision` (a dismissal holds from the revision it was made on). */
export function openWarnings<W extends SpoilerWarning>(
  warnings: W[],
  dismissed: Array<{ key: string; revision: number }>,
  revision: number,
): W[] {
  const keys = new Set(dismissed.filter((d) => d.revision <= revision).map((d) => d.key));
  return warnings.filter((w) => !keys.has(lintWarningKey(w)));
}

const rank = levelRank;

/**
 * What the lint warns about: only what names something specific (a name, a number, two words side
 * by side, an outcome word, the ending, a content note's words). A lone common word in a label or a
 * mood ("concert", "age"), or two words the plot happens to use close together, can decide a
 * suggestion, but as a warning on a page an editor levelled by hand it is mostly noise
 * (docs/spoiler-suggestions.md, "Measured").
 */
const strongTerm = (item: StoryItem, strength: NamedTerm['strength'] | undefined) =>
  strength === 'name' || strength === 'number' || strength === 'pair' || (strength === 'label' && item.part === 'contentNote');
const strongEvidence = (item: StoryItem, evidence: Evidence) =>
  evidence.kind !== 'plot' || (evidence.key !== undefined && strongTerm(item, evidence.strength));
const quote = (phrase: string) => `‘${phrase}’`;

/**
 * The last timeline position a reader at each level has seen, by the levels the editor set: the
 * longest run of events from the first that the level shows (a hidden event stops it).
 */
function seenUpTo(items: StoryItem[]): Record<SpoilerLevel, number> {
  const events = items.filter((item) => item.position !== null).sort((a, b) => a.position! - b.position!);
  const seen = (level: SpoilerLevel) => {
    const hidden = events.findIndex((event) => rank(event.level) > rank(level));
    return hidden < 0 ? events.length : hidden;
  };
  return { none: seen('none'), light: seen('light'), full: Math.max(1, events.length) };
}

/** The lowest level whose reader has seen position `position`. */
const levelThatShows = (position: number, seen: Record<SpoilerLevel, number>): SpoilerLevel =>
  SPOILER_LEVELS.find((level) => position <= seen[level]) ?? 'full';

function where(evidence: Evidence, total: number): string {
  if (evidence.kind === 'outcome') return 'which says how the story turns out';
  if (evidence.kind === 'ending') return 'the kind of film’s ending';
  return `${evidence.source === null ? 'first told together' : 'first revealed'} by event ${evidence.position} of ${total}`;
}

export function lintSpoilers(page: StoryPage, options: SuggestOptions = {}): SpoilerWarning[] {
  const context = assessContext(page, options);
  const { index } = context;
  const seen = seenUpTo(page.items);
  // Which items name each term, at which level. The full story is left out: it names nearly everything, at full.
  const namedAt = new Map<string, Array<{ path: string; level: SpoilerLevel }>>();
  const name = (key: string, path: string, level: SpoilerLevel) => namedAt.set(key, [...(namedAt.get(key) ?? []), { path, level }]);
  for (const item of page.items)
    for (const key of new Set(item.texts.flatMap((t) => [...termKeys(t.text)]))) name(key, item.path, item.level);

  const eventAt = (position: number) => page.items.find((other) => other.position === position)?.label ?? null;
  const labelOf = (path: string) => page.items.find((other) => other.path === path)?.label ?? null;
  const warnings: SpoilerWarning[] = [];
  const findings = new Map<string, SpoilerWarning[]>();
  for (const item of page.items) {
    const found: SpoilerWarning[] = [];
    const itemKey = item.id ?? item.path;
    const warn = (
      check: SpoilerWarning['check'],
      evidence: { field: string; phrase: string },
      level: SpoilerLevel,
      message: string,
      revealedBy: string | null,
    ) =>
      found.push({
        item: itemKey,
        revealedBy,
        path: item.path,
        label: item.label,
        field: evidence.field,
        phrase: evidence.phrase,
        current: item.level,
        level,
        fix: 'raise',
        check,
        message,
      });

    if (item.position !== null) {
      const earlier = page.items.filter((other) => other.position !== null && other.position < item.position!);
      const above = earlier
        .filter((other) => rank(other.level) > rank(item.level))
        .sort((a, b) => rank(b.level) - rank(a.level) || a.position! - b.position!)[0];
      if (above) {
        warn(
          'timeline-order',
          { field: item.texts[0]?.field ?? item.path, phrase: item.texts[0]?.text ?? '' },
          above.level,
          `At ${item.level}, it shows event ${item.position} to readers who do not see event ${above.position} before it (${above.level})`,
          above.label,
        );
      }
    } else if (premiseNamed(item, index) === null) {
      // What it names that the timeline shows later than its level does (by the editor's own event levels).
      // An item the premise names (a character, the setting, a theme) is no spoiler and never warns.
      const assessment = assessItem(item, context);
      const strongest = assessment.evidence;
      for (const evidence of findEvidence(item, context).filter((e) => strongEvidence(item, e))) {
        const level = evidence.kind === 'plot' ? levelThatShows(evidence.position, seen) : 'full';
        if (rank(level) > rank(item.level)) {
          found.push({
            item: itemKey,
            revealedBy: evidence.kind === 'plot' ? eventAt(evidence.position) : null,
            path: item.path,
            label: item.label,
            field: evidence.field,
            phrase: evidence.phrase,
            current: item.level,
            level,
            fix: 'raise',
            check: 'later-point',
            message: `At ${item.level}, it names ${quote(evidence.phrase)}, ${where(evidence, index.total)}, which only ${level} shows`,
          });
        }
      }
      // The assessment's own evidence first among equals: it is what the suggestion names too.
      if (strongest) found.sort((a, b) => Number(b.phrase === strongest.phrase) - Number(a.phrase === strongest.phrase));
      // Something no other item at or below its level names: only higher items reveal it. (An event is itself what reveals its words.)
      // Across items only what names one thing counts: a content note's "violence" is not what a theme's "violence in America" is.
      // An item's own name is not given away by other items naming it higher ("Who kills Helen Cooper?").
      const across = namedTerms(item, index).filter(
        (t) => t.field !== item.titleField && (t.strength === 'name' || t.strength === 'number' || t.strength === 'pair'),
      );
      for (const term of across) {
        const others = (namedAt.get(term.key) ?? []).filter((n) => n.path !== item.path);
        if (others.length === 0) continue;
        const lowest = others.reduce((low, n) => (rank(n.level) < rank(low) ? n.level : low), 'full' as SpoilerLevel);
        if (rank(lowest) > rank(item.level)) {
          const by = others.filter((n) => n.level === lowest).map((n) => n.path);
          warn(
            'higher-item',
            term,
            lowest,
            `At ${item.level}, it names ${quote(term.phrase)}, which only ${lowest} items name (${by.slice(0, 3).join(', ')})`,
            labelOf(by[0]),
          );
        }
      }
    }
    findings.set(item.path, found);
    // One warning per field: the first of those that ask for the highest level.
    const worst = new Map<string, SpoilerWarning>();
    for (const f of found) {
      const key = f.field;
      const w = worst.get(key);
      if (!w || rank(f.level) > rank(w.level)) worst.set(key, f);
    }
    warnings.push(...[...worst.values()].sort((a, b) => rank(b.level) - rank(a.level)));
  }
  warnings.push(...lintShownTexts(page, context, findings));
  return warnings;
}

/** The title and the premise are read as prose whose vocabulary is the rest of what every reader sees. */
function lintShownTexts(page: StoryPage, context: AssessContext, findings: Map<string, SpoilerWarning[]>): SpoilerWarning[] {
  const { index } = context;
  const warnings: SpoilerWarning[] = [];
  // A premise often tells more than the first fifth (the inciting incident): only what the second half first names counts.
  const lightEnd = lastPositionAt('light', index.total, context.shares);
  for (const shown of page.shown) {
    if (shown.path.startsWith('summary.')) {
      // A summary line shows parts of items a reader at none sees: it gives away what those parts give away.
      for (const path of shown.from) {
        const finding = (findings.get(path) ?? []).find((f) => f.phrase !== '' && shown.text.includes(f.phrase));
        if (!finding) continue;
        warnings.push({
          ...finding,
          item: shown.path,
          path: shown.path,
          label: shown.label,
          current: null,
          check: 'shown-text',
          message: `${shown.label} shows every reader ${quote(finding.phrase)} from ${finding.label}, ${finding.message.replace(/^At \w+, it names ‘[^’]*’, /u, '')}`,
        });
      }
      continue;
    }
    // The title and the premise are read against the rest of what every reader sees; only strong
    // evidence counts (names, numbers, phrases as written, outcome words), since their own words
    // are the vocabulary everything else is read by. A title capitalises every word: no names there.
    const title = shown.path === 'title';
    const vocabulary = new Set(page.spoilerFree.filter((t) => t.field !== shown.path).flatMap((t) => [...termKeys(t.text)]));
    const own: RevealIndex = { ...index, spoilerFree: vocabulary, names: title ? new Set() : index.names };
    const item: StoryItem = {
      path: shown.path,
      id: null,
      part: 'summary',
      label: shown.label,
      level: 'none',
      texts: [{ field: shown.path, text: shown.text }],
      position: null,
      ending: false,
    };
    // A phrase counts when every word of it is new after the setup ("triple axel"), not when the plot
    // only repeats late what this text introduced ("the harbour town", its harbour named early).
    const late = (key: string) => key.split(' ').every((stem) => (index.firstSeen.get(stem)?.position ?? 0) > lightEnd);
    const strong = (e: Evidence) =>
      e.kind === 'outcome' ? !title : e.kind === 'plot' && e.key !== undefined && e.strength !== 'once' && late(e.key);
    const found = findEvidence(item, { ...context, index: own }, { labels: false }).filter(strong);
    const evidence = strongestEvidence(item, found, own);
    if (!evidence) continue;
    warnings.push({
      item: shown.path,
      revealedBy: evidence.kind === 'plot' ? (page.items.find((other) => other.position === evidence.position)?.label ?? null) : null,
      path: shown.path,
      label: shown.label,
      field: shown.path,
      phrase: evidence.phrase,
      current: null,
      level: 'full',
      fix: 'reword',
      check: 'shown-text',
      message: `${shown.label} is seen at every level, and it names ${quote(evidence.phrase)}, ${where(evidence, index.total)}`,
    });
  }
  return warnings;
}

/** The lint of a page's content. */
export function lintFilmSpoilers(content: FilmContent, options: SuggestOptions = {}): SpoilerWarning[] {
  return lintSpoilers(storyPageOf(content), options);
}
