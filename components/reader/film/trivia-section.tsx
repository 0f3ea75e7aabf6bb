import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { readerText } from '@/lib/i18n/reader-text';
import { paragraphs } from '@/lib/content/derive';
import { triviaPart } from '@/lib/page/parts/trivia';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { ListItems, type ShownItem } from './list-part-section';
import { Section } from './section';
import styles from './trivia-section.module.css';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

type Trivia = VisibleFilm['trivia'][number] & ShownItem;

/** A source that is an address is a link; anything else (an interview, a book) is named as written. */
function Source({ source, locale, lang }: { source: string; locale?: string; lang?: string }) {
  if (!source) return null;
  const isAddress = /^https?:\/\/\S+$/u.test(source);
  return (
    <p className={styles.source}>
      {readerText(locale)('trivia.source')}{' '}
      {isAddress ? (
        <a href={source} rel="nofollow noopener noreferrer">
          {source}
        </a>
      ) : (
        <span lang={lang}>{source}</span>
      )}
    </p>
  );
}

/** "Trivia About {title}": the pieces a reader's level shows, in order; hidden ones keep their place. */
export function TriviaSection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  const lang = untranslatedLang(film.untranslated);
  return (
    <Section locale={locale} id="trivia" film={film}>
      <ListItems<Trivia>
        locale={locale}
        part={triviaPart}
        film={film}
        hrefForLevel={hrefForLevel}
        className={styles.trivia}
        itemClassName={styles.item}
      >
        {(item) => (
          <>
            {paragraphs(item.text).map((p, i) => (
              <p key={i} className={styles.text}>
                <span lang={lang(itemUnitKey('trivia', item.id, 'text'))}>{p.text}</span>{' '}
                {i === 0 ? <SpoilerBadge level={item.spoiler} locale={locale} /> : null}
              </p>
            ))}
            <Source source={item.source} locale={locale} lang={lang(itemUnitKey('trivia', item.id, 'source'))} />
          </>
        )}
      </ListItems>
    </Section>
  );
}
