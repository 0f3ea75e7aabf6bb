import { describe, expect, it } from 'vitest';
import {
  CONTENT_NOTE_KINDS,
  contentNoteKindOf,
  contentNoteKindsOf,
  guessContentNoteKind,
  parseContentNoteKinds,
} from './content-note-kinds';
import { filmContentSchema } from './schema';
import { visibleFilm } from '../spoilers/visible-film';
import { sampleFilm } from '../../test-support/sample-film';

describe('content note kinds', () => {
  it('maps known notes to their kind by their words, first match wins', () => {
    expect(
      [
        'medical trauma',
        'cancer',
        'terminal illness',
        'death of a young person',
        'a dog dies',
        'suicide',
        'drug use',
        'gun violence',
        'swearing',
        'xyz',
      ].map(guessContentNoteKind),
    ).toEqual(['illness', 'illness', 'illness', 'death', 'animal-harm', 'self-harm', 'substance-use', 'violence', 'language', 'other']);
  });

  it('keeps a note’s own kind over its words, and lists each kind once in order of first use', () => {
    expect(contentNoteKindOf({ label: 'cancer', kind: 'death' })).toBe('death');
    expect(contentNoteKindOf({ label: 'cancer' })).toBe('illness');
    expect(contentNoteKindsOf([{ label: 'cancer' }, { label: 'a funeral' }, { label: 'surgery' }])).toEqual(['illness', 'death']);
  });

  it('refuses a kind not on the list, and reads stored kinds leaving unknown ones out', () => {
    const film = sampleFilm();
    const page = { ...film, kind: { ...film.kind, contentNotes: [{ id: 'n1', label: 'storm', kind: 'weather', spoiler: 'none' }] } };
    const result = filmContentSchema.safeParse(page);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['kind.contentNotes.0.kind']);
    expect(parseContentNoteKinds(['death', 'weather', 3])).toEqual(['death']);
    expect(CONTENT_NOTE_KINDS).toContain('other');
  });

  it('shows every note’s kind at every level while the words keep their level', () => {
    const film = sampleFilm();
    const page = filmContentSchema.parse({
      ...film,
      kind: {
        ...film.kind,
        contentNotes: [
          { id: 'n1', label: 'a hospital stay', spoiler: 'none' },
          { id: 'n2', label: 'the mother’s funeral at the lake', kind: 'death', spoiler: 'full' },
        ],
      },
    });
    const none = visibleFilm(page, 'none');
    expect(none.kind.contentNoteKinds).toEqual(['illness', 'death']);
    expect(none.kind.contentNotes.map((n) => [n.label, n.kind])).toEqual([['a hospital stay', 'illness']]);
    expect(JSON.stringify(none)).not.toContain('funeral');
    expect(visibleFilm(page, 'full').kind.contentNotes).toHaveLength(2);
  });
});
