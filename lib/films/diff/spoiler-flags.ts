import type { FilmContent } from '../../content/schema';
import { levelRank, type SpoilerLevel } from '../../spoilers/levels';
import type { DiffEntry } from './diff-film';
import { textsByLevel, type LeveledText } from './page-model';
import { addedPhrases } from './text-diff';

/**
 * A change that makes spoiling content more visible to readers:
 * - `level-lowered`: an item or part now shows at a lower spoiler level;
 * - `text-revealed`: text that readers could only see at a higher level now appears at a lower one
 *   (a sentence of the full story copied into the premise, a full-spoiler event's line in a light one);
 * - `added-visible`: a new item below `full`, the safe default, so readers below full see it at once.
 */
export type SpoilerFlag = {
  key: string;
  reason: 'level-lowered' | 'text-revealed' | 'added-visible';
  message: string;
  from?: SpoilerLevel;
  to?: SpoilerLevel;
};

/** Copied text counts from this many words on: shorter runs ("the end") match by chance. */
const MIN_WORDS = 5;

const normalize = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/^>\s*/gmu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const snippet = (text: string) => (text.length > 90 ? `${text.slice(0, 87).trimEnd()}…` : text);

/** The text of `phrase` found in a text at a level above `level`, if any (checked by word windows). */
function revealedSource(phrase: string, level: SpoilerLevel, higher: LeveledText[]): LeveledText | null {
  const words = normalize(phrase).split(' ').filter(Boolean);
  if (words.length < MIN_WORDS) return null;
  const candidates = higher.filter((t) => levelRank(t.level) > levelRank(level));
  for (let i = 0; i + MIN_WORDS <= words.length; i += 1) {
    const window = ` ${words.slice(i, i + MIN_WORDS).join(' ')} `;
    const source = candidates.find((t) => ` ${normalize(t.text)} `.includes(window));
    if (source) return source;
  }
  return null;
}

export function findSpoilerFlags(entries: DiffEntry[], before: FilmContent): SpoilerFlag[] {
  const flags: SpoilerFlag[] = [];
  let earlierTexts: LeveledText[] | null = null;

  for (const entry of entries) {
    const from = entry.level?.before;
    const to = entry.level?.after;
    if (entry.type === 'changed' && from && to && levelRank(to) < levelRank(from))
      flags.push({
        key: entry.key,
        reason: 'level-lowered',
        from,
        to,
        message: `${entry.label}: spoiler level lowered ${from} → ${to}, so readers at “${to}” now see it`,
      });
    if (entry.type === 'added' && to && to !== 'full')
      flags.push({
        key: entry.key,
        reason: 'added-visible',
        to,
        message: `${entry.label} added at spoiler level “${to}” (new items default to full)`,
      });

    if ((entry.type !== 'changed' && entry.type !== 'added') || !to || to === 'full') continue;
    for (const field of entry.fields) {
      if (!field.text || (field.kind !== 'long' && field.kind !== 'text')) continue;
      earlierTexts ??= textsByLevel(before);
      for (const phrase of addedPhrases(field.text)) {
        const source = revealedSource(phrase, to, earlierTexts);
        if (!source) continue;
        const into = entry.key === 'premise' ? 'moved into the premise' : `now in ${entry.label} at level “${to}”`;
        flags.push({
          key: entry.key,
          reason: 'text-revealed',
          from: source.level,
          to,
          message: `Text from ${source.label} (level “${source.level}”) ${into}: “${snippet(phrase)}”`,
        });
        break;
      }
    }
  }
  return flags;
}
