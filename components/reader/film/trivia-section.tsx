import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { paragraphs } from '@/lib/content/derive';
import { triviaLineAt, triviaPart } from '@/lib/page/parts/trivia';
import { heading } from '@/lib/page/parts';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { ListItems, type ShownItem } from './list-part-section';
import { Section } from './section';
import styles from './trivia-section.module.css';

type Trivia = VisibleFilm['trivia'][number] & ShownItem;

/** A source that is an address is a link; anything else (an interview, a book) is named as written. */
function Source({ source }: { source: string }) {
  if (!source) return null;
  const isAddress = /^https?:\/\/\S+$/u.test(source);
  return (
    <p className={styles.source}>
      Source:{' '}
      {isAddress ? (
        <a href={source} rel="nofollow noopener noreferrer">
          {source}
        </a>
      ) : (
        source
      )}
    </p>
  );
}

/** "Trivia About {title}": the pieces a reader's level shows, in order; hidden ones keep their place. */
export function TriviaSection({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  return (
    <Section id="trivia" heading={heading('trivia', film.title)} lede={triviaLineAt(film)}>
      <ListItems<Trivia> part={triviaPart} film={film} hrefForLevel={hrefForLevel} className={styles.trivia} itemClassName={styles.item}>
        {(item) => (
          <>
            {paragraphs(item.text).map((p, i) => (
              <p key={i} className={styles.text}>
                {p.text} {i === 0 ? <SpoilerBadge level={item.spoiler} /> : null}
              </p>
            ))}
            <Source source={item.source} />
          </>
        )}
      </ListItems>
    </Section>
  );
}
