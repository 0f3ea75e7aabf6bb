import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { SPOILER_LABELS, SPOILER_LEVELS, levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import { plural } from '@/lib/content/derive';
import type { HrefForLevel } from './spoiler-control';
import styles from './content-notes.module.css';

const SHOW_LABELS: Record<SpoilerLevel, string> = { none: 'Hide spoilers', light: 'Show light spoilers', full: 'Show full spoilers' };

/**
 * Content notes are warnings: a reader sees that a film has them before reading on, at every level.
 * Notes at the reader's level are listed; the others are counted, with the level that shows them
 * (their wording may itself give the plot away, so it is not sent).
 */
export function ContentNotes({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  const notes = film.kind.contentNotes;
  const heldBack = SPOILER_LEVELS.filter((l) => levelRank(l) > levelRank(film.level))
    .map((l) => ({ level: l, count: film.counts.contentNotes[l] }))
    .filter((held) => held.count > 0);
  const hidden = film.hidden.contentNotes;
  if (notes.length === 0 && hidden === 0) return null;
  return (
    <section id="content-notes" className={styles.notes} aria-labelledby="content-notes-heading">
      <h2 id="content-notes-heading" className={styles.heading}>
        Content notes
      </h2>
      {notes.length > 0 && (
        <ul className={styles.list}>
          {notes.map((note) => (
            <li key={note.id}>{note.label}</li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <p className={styles.held}>
          {notes.length > 0 ? plural(hidden, 'more content note') : plural(hidden, 'content note')} {hidden === 1 ? 'is' : 'are'} held back
          because {hidden === 1 ? 'its' : 'their'} wording reveals part of the story
          {heldBack.length > 0
            ? `: ${heldBack.map((held) => `${held.count} with ${SPOILER_LABELS[held.level].toLowerCase()}`).join(', ')}. `
            : '. '}
          {heldBack.map((held, i) => (
            <span key={held.level}>
              {i > 0 && <span aria-hidden="true"> · </span>}
              <a href={hrefForLevel(held.level, 'content-notes')} rel="nofollow">
                {SHOW_LABELS[held.level]}
              </a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
