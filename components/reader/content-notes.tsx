import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import type { HrefForLevel } from './spoiler-control';
import styles from './content-notes.module.css';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/**
 * Content notes are warnings: every reader sees what the film's notes warn about (their kinds:
 * "illness, death") at every level and at every point read up to, before reading on. The notes'
 * own words keep their level: those at the reader's level are listed, the others counted (their
 * wording may give the plot away, so it is not sent), with the levels that show them when the
 * levels account for all of them (not when reading up to a point: a point also holds back notes
 * its level would show, until the story reveals them).
 */
export function ContentNotes({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  const t = readerText(locale);
  const levelName = (level: SpoilerLevel) => t(`levels.name.${level}`).toLowerCase();
  const notes = film.kind.contentNotes;
  const kinds = film.kind.contentNoteKinds;
  const hidden = film.hidden.contentNotes;
  if (kinds.length === 0 && notes.length === 0 && hidden === 0) return null;
  const perLevel = SPOILER_LEVELS.filter((l) => levelRank(l) > levelRank(film.level))
    .map((l) => ({ level: l, count: film.counts.contentNotes[l] }))
    .filter((held) => held.count > 0);
  // Every count on the page agrees with what it shows: the levels are named only when they hold exactly what is held back.
  const heldBack = !film.upto && perLevel.reduce((sum, held) => sum + held.count, 0) === hidden ? perLevel : [];
  const details =
    hidden === 0
      ? ''
      : heldBack.length > 0
        ? t('contentNotes.detailsWith', { level: levelName(heldBack[0].level) })
        : film.upto
          ? t('contentNotes.detailsLater')
          : t('contentNotes.detailsHigher');
  return (
    <section id="content-notes" className={styles.notes} aria-labelledby="content-notes-heading">
      <h2 id="content-notes-heading" className={styles.heading}>
        {t('contentNotes.heading')}
      </h2>
      {kinds.length > 0 && (
        <p className={styles.kinds} data-content-note-kinds="">
          <span className="visually-hidden">{t('contentNotes.about')}</span>
          <strong>{kinds.map(partWords(locale).noteKind).join(', ')}</strong>
          {details}
        </p>
      )}
      {notes.length > 0 && (
        <ul className={styles.list}>
          {notes.map((note) => (
            <li key={note.id} lang={untranslatedLang(film.untranslated)(itemUnitKey('kind.contentNotes', note.id, 'label'))}>
              {note.label}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <p className={styles.held} data-content-notes-held="">
          {t('contentNotes.held', { notes: hidden, more: String(notes.length > 0) })}
          {heldBack.length > 0
            ? t('contentNotes.heldLevels', {
                levels: heldBack.map((held) => t('contentNotes.heldWith', { count: held.count, level: levelName(held.level) })).join(', '),
              })
            : film.upto
              ? t('contentNotes.notSeen')
              : '. '}
          {heldBack.map((held, i) => (
            <span key={held.level}>
              {i > 0 && <span aria-hidden="true"> · </span>}
              <a href={hrefForLevel(held.level, 'content-notes')} rel="nofollow">
                {t(`levels.show.${held.level}`)}
              </a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
