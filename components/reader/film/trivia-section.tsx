import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { paragraphs } from '@/lib/content/derive';
import { triviaLineAt } from '@/lib/page/parts/trivia';
import { heading } from '@/lib/page/parts';
import { withHiddenRuns } from '@/lib/reader/hidden-runs';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { Section } from './section';
import styles from './trivia-section.module.css';

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

/** "Trivia About {title}": the pieces a reader's level shows, in order; hidden ones keep their place. Nothing when the film has none. */
export function TriviaSection({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  if (film.triviaTotal === 0) return null;
  return (
    <Section id="trivia" heading={heading('trivia', film.title)} lede={triviaLineAt(film)}>
      <ol className={styles.trivia}>
        {withHiddenRuns(film.trivia, film.triviaTotal).map((row) =>
          row.kind === 'item' ? (
            <li key={row.item.id} id={`trivia-${row.item.id}`} className={styles.item}>
              {paragraphs(row.item.text).map((p, i) => (
                <p key={i} className={styles.text}>
                  {p.text} {i === 0 ? <SpoilerBadge level={row.item.spoiler} /> : null}
                </p>
              ))}
              <Source source={row.item.source} />
            </li>
          ) : (
            <li key={`hidden-${row.first}`}>
              <HiddenNote
                count={row.count}
                noun="trivia item"
                more={row.first > 1}
                level={film.level}
                hrefForLevel={hrefForLevel}
                section="trivia"
                reveals={(to) => revealsMore(film.counts, 'trivia', film.level, to)}
              />
            </li>
          ),
        )}
      </ol>
    </Section>
  );
}
