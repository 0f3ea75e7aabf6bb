import { DEFAULT_ITEM_LEVEL, type SpoilerLevel } from '../../spoilers/levels';
import { oneLine } from '../../page/page-text';
import {
  TRAIT_KEYS,
  TRAIT_LABELS,
  kindLine,
  kindSchema,
  type ContentNote,
  type Kind,
  type LabelItem,
  type TraitKey,
} from '../../page/parts/kind';
import { guessContentNoteKind } from '../../content/content-note-kinds';
import { formatMarker, itemMarker, levelMarker, paragraphLines, positionalId } from '../page-text';
import {
  afterDash,
  assignIds,
  checkPhrase,
  isDashLine,
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
 * "What Kind of Film Is {title}?": the derived line, "- Tone" / "- Bittersweet" pairs (an empty
 * value with a level as "-"), the summary lines (its marker on the first, alone when it is empty),
 * mood lines "- hopeful", and "Content notes: a, b, c." Content notes that share a level and have
 * positional ids go on one line per run; a note with its own id or a comma in it goes alone on a
 * "Content note: a, b" line. A note's kind (illness, death…) is read from its words by the keyword
 * map (guessContentNoteKind); a note whose kind is another goes alone with `[kind: death]`.
 */

const KIND_LINE = /going by the plot summary\.?$/iu;
const CONTENT_NOTES = /^Content (notes?):\s*(.*)$/iu;
const traitByLabel = new Map(TRAIT_KEYS.map((key) => [TRAIT_LABELS[key], key] as [string, TraitKey]));

export const kindSection = {
  format: ({ kind }: { kind: Kind }) => {
    const traits = TRAIT_KEYS.filter((key) => kind[key].value !== '' || kind[key].spoiler !== DEFAULT_ITEM_LEVEL).flatMap((key) => [
      `- ${TRAIT_LABELS[key]}`,
      `-${kind[key].value ? ` ${oneLine(kind[key].value)}` : ''}${formatMarker({ spoiler: levelMarker(kind[key].spoiler) })}`,
    ]);
    return [
      kindLine(kind),
      ...traits,
      ...summaryLines(kind.summary),
      ...kind.moods.map((mood, index) => `- ${oneLine(mood.label)}${itemMarker(mood, positionalId.mood(index))}`),
      ...contentNoteLines(kind.contentNotes),
    ];
  },
  parse: (body: Line[], ctx: Context) => {
    const kind = kindSchema.parse({});
    const summary: string[] = [];
    const moods: Pending<LabelItem>[] = [];
    const notes: Pending<ContentNote>[] = [];
    const traitsSeen = new Set<TraitKey>();
    let phase: 'lead' | 'traits' | 'summary' | 'moods' = 'lead';

    for (let index = 0; index < body.length; index += 1) {
      const line = body[index];
      const notesMatch = CONTENT_NOTES.exec(line.text);
      if (notesMatch) {
        notes.push(...readContentNotes(ctx, line, notesMatch[1].toLowerCase() === 'note', notesMatch[2]));
        continue;
      }
      if (isDashLine(line.text)) {
        const trait = traitByLabel.get(afterDash(line.text));
        if (trait && (phase === 'lead' || phase === 'traits')) {
          phase = 'traits';
          const value = body[index + 1];
          if (!value || !isDashLine(value.text)) {
            warn(ctx, line.n, 'unplaced', `“${TRAIT_LABELS[trait]}” has no value under it; skipped`);
            continue;
          }
          index += 1;
          if (traitsSeen.has(trait)) warn(ctx, line.n, 'unplaced', `“${TRAIT_LABELS[trait]}” is given twice; the last one is kept`);
          traitsSeen.add(trait);
          const { text, marker } = readMarker(ctx, value, afterDash(value.text), ['spoiler']);
          kind[trait] = { value: text, spoiler: marker.spoiler ?? DEFAULT_ITEM_LEVEL };
          continue;
        }
        phase = 'moods';
        const { text, marker } = readMarker(ctx, line, afterDash(line.text), ['spoiler', 'id']);
        moods.push({ item: { id: '', label: text, spoiler: marker.spoiler ?? DEFAULT_ITEM_LEVEL }, explicitId: marker.id, line: line.n });
        continue;
      }
      if (phase === 'lead' && summary.length === 0 && KIND_LINE.test(line.text)) {
        ctx.checks.push((content) => checkPhrase(ctx, line, 'the kind of film', line.text, kindLine(content.kind)));
        continue;
      }
      if (phase === 'moods') {
        unplaced(ctx, line, 'kind of film');
        continue;
      }
      phase = 'summary';
      const { text, marker } = readMarker(ctx, line, line.text, ['spoiler']);
      if (marker.spoiler) kind.summary.spoiler = marker.spoiler;
      if (text) summary.push(text);
    }
    kind.summary.text = joinParagraphs(summary);
    ctx.lineOf.set(kind.summary, body.find((line) => !isDashLine(line.text))?.n ?? 0);
    kind.moods = assignIds(ctx, moods, positionalId.mood);
    kind.contentNotes = assignIds(ctx, notes, positionalId.contentNote);
    return { kind };
  },
  removable: [
    { path: ['kind', 'moods'], what: 'mood keyword' },
    { path: ['kind', 'contentNotes'], what: 'content note' },
  ],
} satisfies PageFormatSection;

function summaryLines(summary: Kind['summary']): string[] {
  const marker = formatMarker({ spoiler: levelMarker(summary.spoiler) });
  const [first, ...rest] = paragraphLines(summary.text);
  if (first === undefined) return marker ? [marker.trim()] : [];
  return [`${first}${marker}`, ...rest];
}

/** Runs of plain notes share a line; a note with its own id, a comma in its label or a kind its words do not give stands alone. */
function contentNoteLines(notes: ContentNote[]): string[] {
  const lines: string[] = [];
  let run: ContentNote[] = [];
  const flush = () => {
    if (run.length === 0) return;
    lines.push(
      `Content notes: ${run.map((note) => oneLine(note.label)).join(', ')}.${formatMarker({ spoiler: levelMarker(run[0].spoiler) })}`,
    );
    run = [];
  };
  notes.forEach((note, index) => {
    const positional = positionalId.contentNote(index);
    const ownKind = note.kind !== undefined && note.kind !== guessContentNoteKind(note.label) ? note.kind : undefined;
    if (note.id !== positional || note.label.includes(',') || ownKind) {
      flush();
      const marker = formatMarker({
        spoiler: levelMarker(note.spoiler),
        id: note.id === positional ? undefined : note.id,
        kind: ownKind,
      });
      lines.push(`Content note: ${oneLine(note.label)}${marker}`);
      return;
    }
    if (run.length > 0 && run[0].spoiler !== note.spoiler) flush();
    run.push(note);
  });
  flush();
  return lines;
}

/** "Content notes: a, b, c." (a list, one final period) or "Content note: a, b" (one note as written). */
function readContentNotes(ctx: Context, line: Line, single: boolean, rest: string): Pending<ContentNote>[] {
  const { text, marker } = readMarker(ctx, line, rest, ['spoiler', 'id', 'kind']);
  const labels = single ? [text] : text.replace(/\.$/u, '').split(/\s*,\s*/u);
  const kept = labels.map((label) => label.trim()).filter(Boolean);
  if (marker.id !== undefined && kept.length > 1) {
    warn(ctx, line.n, 'marker', 'An id marker names one note; this line lists several, so the id is not used');
  }
  if (marker.kind !== undefined && kept.length > 1) {
    warn(ctx, line.n, 'marker', 'A kind marker names one note; this line lists several, so each gets the kind its words give');
  }
  const explicitId = kept.length === 1 ? marker.id : undefined;
  const spoiler: SpoilerLevel = marker.spoiler ?? DEFAULT_ITEM_LEVEL;
  // Imports map known notes to their kind by the words; a `[kind: …]` marker says otherwise.
  const kindOf = (label: string) => (kept.length === 1 && marker.kind) || guessContentNoteKind(label);
  return kept.map((label) => ({ item: { id: '', label, kind: kindOf(label), spoiler }, explicitId, line: line.n }));
}
