import type { ReactNode } from 'react';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { paragraphs } from '@/lib/content/derive';
import { LinkedText } from '../linked-text';
import { Section } from './section';
import styles from './section.module.css';
import { untranslatedLang } from '@/lib/translations/unit-key';

/**
 * "What Is {title} About?": the premise, spoiler level none, shown at every level. `lead` (the
 * infobox) comes after its first paragraph: there on a phone, where the reader meets the film
 * before its facts; beside the text, top right, from 720 px (section.module.css).
 */
export function PremiseSection({ film, lead, locale }: { film: VisibleFilm; lead?: ReactNode; locale?: string }) {
  const more = paragraphs(film.premise).length > 1;
  const lang = untranslatedLang(film.untranslated)('premise');
  return (
    <Section locale={locale} id="premise" film={film} className={lead ? styles.withLead : undefined}>
      <div className={styles.prose} lang={lang}>
        <LinkedText text={film.premise} to={1} locale={locale} />
      </div>
      {lead ? <div className={styles.leadBox}>{lead}</div> : null}
      {more ? (
        <div className={styles.prose} lang={lang}>
          <LinkedText text={film.premise} from={1} locale={locale} />
        </div>
      ) : null}
    </Section>
  );
}
