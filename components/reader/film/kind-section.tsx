import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import { kindLineAt } from '@/lib/page/parts/kind';
import { asSentence } from '@/lib/page/page-text';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import type { HrefForLevel } from '../spoiler-control';
import { WordChips } from '../tag-chips';
import { Section } from './section';
import styles from './kind-section.module.css';

/**
 * "What Kind of Film Is {title}?": tone, pacing, story, intensity and ending as a definition list,
 * the summary, mood keywords and content notes. Each value has its own level ("Ending: Sad" spoils).
 */
export function KindSection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  const t = readerText(locale);
  const { traits, summary, moods, contentNotes } = film.kind;
  return (
    <Section locale={locale} id="kind" heading={partWords(locale).heading('kind', film.title)} lede={kindLineAt(film)}>
      {traits.length > 0 && (
        <dl className={styles.traits}>
          {traits.map((trait) => (
            <div key={trait.key} className={styles.trait}>
              <dt>{partWords(locale).trait(trait.key)}</dt>
              <dd>{trait.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {summary && <p className={styles.summary}>{summary}</p>}
      <WordChips words={moods.map((m) => m.label)} label={t('kind.moods')} />
      {contentNotes.length > 0 && (
        <p className={styles.notes}>
          <strong>{t('kind.contentNotes')}</strong> {asSentence(contentNotes.map((n) => n.label).join(', '))}
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
