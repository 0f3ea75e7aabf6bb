import type { DiffEntry } from './diff-film';
import { LISTS, PARTS } from './page-model';

/** More than this many phrases end in "and N more changes": the summary stays one line. */
const MAX_PHRASES = 8;

const levelPhrase = (name: string, entry: DiffEntry) => {
  const field = entry.fields.find((f) => f.kind === 'level');
  return field ? `${name}'s spoiler level ${String(field.before)} → ${String(field.after)}` : null;
};

/** Changed apart from (or besides) its spoiler level? */
const editedBeyondLevel = (entry: DiffEntry) => entry.fields.some((f) => f.kind !== 'level');

function partPhrases(entry: DiffEntry): string[] {
  const part = PARTS.find((p) => p.key === entry.key)!;
  const phrases: string[] = [];
  if (part.kind === 'number')
    phrases.push(`${part.noun} ${String(entry.fields[0].before ?? 'none')} → ${String(entry.fields[0].after ?? 'none')}`);
  else if (part.kind === 'text') phrases.push(`${part.noun} changed`);
  else if (editedBeyondLevel(entry)) phrases.push(`${part.noun} edited`);
  const level = levelPhrase(part.noun, entry);
  if (level) phrases.push(level);
  return phrases;
}

function listPhrases(listKey: string, entries: DiffEntry[]): string[] {
  const list = LISTS.find((l) => l.key === listKey)!;
  const counted = (verb: string, which: DiffEntry[]) =>
    which.length === 0 ? [] : which.length === 1 ? [`${which[0].name} ${verb}`] : [`${which.length} ${list.nouns} ${verb}`];
  const of = (type: DiffEntry['type']) => entries.filter((e) => e.type === type);
  const changed = of('changed');
  return [
    ...counted('added', of('added')),
    ...counted('removed', of('removed')),
    ...counted('edited', changed.filter(editedBeyondLevel)),
    ...counted('moved', of('moved')),
    ...changed.map((e) => levelPhrase(e.name, e)).filter((p): p is string => p !== null),
  ];
}

/** "premise edited, 2 events added, event 5 moved, character Amanda's spoiler level light → full". */
export function summarizeEntries(entries: DiffEntry[]): string {
  if (entries.length === 0) return 'no changes';
  const phrases: string[] = [];
  const listsDone = new Set<string>();
  for (const entry of entries) {
    if (!entry.list) phrases.push(...partPhrases(entry));
    else if (!listsDone.has(entry.list)) {
      listsDone.add(entry.list);
      phrases.push(
        ...listPhrases(
          entry.list,
          entries.filter((e) => e.list === entry.list),
        ),
      );
    }
  }
  if (phrases.length <= MAX_PHRASES) return phrases.join(', ');
  const rest = phrases.length - MAX_PHRASES;
  return `${phrases.slice(0, MAX_PHRASES).join(', ')} and ${rest} more ${rest === 1 ? 'change' : 'changes'}`;
}
