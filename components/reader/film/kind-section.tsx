import { Fragment } from 'react';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import { asSentence } from '@/lib/page/page-text';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import type { HrefForLevel } from '../spoiler-control';
import { WordChips } from '../tag-chips';
import { Section } from './section';
import styles from './kind-section.module.css';
import { fieldUnitKey, itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/**
 * "What Kind of Film Is {title}?": tone, pacing, story, intensity and ending as a definition list,
 * the summary, mood keywords and content notes. Each value has its own level ("Ending: Sad" spoils).
 */
export function KindSection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  const t = readerText(locale);
  const { traits, summary, moods, contentNotes } = film.kind;
  const lang = untranslatedLang(film.untranslated);
  return (
    <Section locale={locale} id="kind" film={film}>
      {traits.length > 0 && (
        <dl className={styles.traits}>
          {traits.map((trait) => (
            <div key={trait.key} className={styles.trait}>
              <dt>{partWords(locale).trait(trait.key)}</dt>
              <dd lang={lang(fieldUnitKey(`kind.${trait.key}`, 'value'))}>{trait.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {summary && (
        <p className={styles.summary} lang={lang(fieldUnitKey('kind.summary', 'text'))}>
          {summary}
        </p>
      )}
      <WordChips
        words={moods.map((m) => ({ word: m.label, lang: lang(itemUnitKey('kind.moods', m.id, 'label')) }))}
        label={t('kind.moods')}
      />
      {contentNotes.length > 0 && (
        <p className={styles.notes}>
          <strong>{t('kind.contentNotes')}</strong>{' '}
          {contentNotes.map((note, i) => (
            <Fragment key={note.id}>
              {i > 0 && ', '}
              <span lang={lang(itemUnitKey('kind.contentNotes', note.id, 'label'))}>{note.label}</span>
            </Fragment>
          ))}
          {/* The full stop, unless the last note ends a sentence already. */}
          {asSentence(contentNotes.at(-1)!.label).slice(contentNotes.at(-1)!.label.length)}
        </p>
      )}
      {film.hidden.kind > 0 && (
        <HiddenNote
          locale={locale}
          count={film.hidden.kind}
          noun="detail"
          part="kind"
          more={traits.length + moods.length > 0 || !!summary}
          level={film.level}
          hrefForLevel={hrefForLevel}
          section="kind"
          reveals={(to) => revealsMore(film.counts, 'kind', film.level, to)}
        />
      )}
    </Section>
  );
}
