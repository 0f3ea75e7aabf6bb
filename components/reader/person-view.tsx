import Link from 'next/link';
import type { CreditRole, VisiblePerson } from '@/lib/reader/get-person';
import { formatFactDate } from '@/lib/content/facts-text';
import { plural } from '@/lib/content/derive';
import { capitalised } from '@/lib/page/page-text';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import { HiddenNote } from './hidden-note';
import { InitialsAvatar } from './initials-avatar';
import { MediaImage } from '@/components/media/media-image';
import { SpoilerBadge } from './spoiler-badge';
import { SpoilerControl, type HrefForLevel } from './spoiler-control';
import { TagChips } from './tag-chips';
import styles from './person-view.module.css';
import { filmPath } from '@/lib/reader/reader-address.mjs';

const filmName = (film: { title: string; releaseYear: number | null }) =>
  film.releaseYear ? `${film.title} (${film.releaseYear})` : film.title;

function hiddenPartsText(name: string, film: VisiblePerson['films'][number]): string {
  const n = film.hiddenCharacters;
  const others = film.characters.length > 0;
  if (n === 1) return `${others ? 'Another part' : 'The part'} ${name} plays in ${film.title} contains spoilers.`;
  return `${n} ${others ? 'more ' : ''}parts ${name} plays in ${film.title} contain spoilers.`;
}

const CREDIT_WORDS: Record<CreditRole, string> = { director: 'Director', writer: 'Writer' };

/** "Actor, director": what a person does on the site, for the kicker. */
function rolesOf(person: VisiblePerson): string {
  const acts = person.films.some((f) => f.characters.length + f.hiddenCharacters > 0);
  const credits = new Set(person.films.flatMap((f) => f.credits));
  const words = [...(acts ? ['Cast'] : []), ...(['director', 'writer'] as const).filter((r) => credits.has(r)).map((r) => CREDIT_WORDS[r])];
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(', ');
}

function lifeDates(person: VisiblePerson): string | null {
  if (!person.birthDate && !person.deathDate) return null;
  const born = person.birthDate ? `Born ${formatFactDate(person.birthDate)}` : '';
  const died = person.deathDate ? `died ${formatFactDate(person.deathDate)}` : '';
  return [born, died].filter(Boolean).join('; ').replace(/^died/u, 'Died') + '.';
}

/** "as Sarah Ivanov", "Director and writer": what a person is in a film, for "Known for". */
function partIn(film: VisiblePerson['films'][number]): string {
  const credits = film.credits.map((role, i) => (i === 0 ? CREDIT_WORDS[role] : CREDIT_WORDS[role].toLowerCase())).join(' and ');
  const characters = film.characters.length > 0 ? `as ${film.characters.map((c) => c.name).join(', ')}` : '';
  if (credits && characters) return `${credits}; ${characters}`;
  return credits || characters || 'Cast';
}

/** "3 parts in 2 films; behind the camera on 1 film on this site." as one sentence, or nothing. */
function workText(parts: number, castFilms: number, credited: number): string {
  const work = [
    parts > 0 && `${plural(parts, 'part')} in ${plural(castFilms, 'film')}`,
    credited > 0 && `behind the camera on ${plural(credited, 'film')}`,
  ].filter((phrase) => typeof phrase === 'string');
  if (work.length === 0) return '';
  return capitalised(`${work.join('; ')} on this site.`);
}

function hiddenBioText(n: number, shown: boolean): string {
  if (n === 1) return `${shown ? 'Another paragraph' : 'A paragraph'} of this biography contains spoilers.`;
  return `${n} ${shown ? 'more ' : ''}paragraphs of this biography contain spoilers.`;
}

/**
 * A person's page at the reader's level: photo and name, the biography's paragraphs at or below
 * the level (the others only counted), the films they are known for, and their credits by role:
 * the characters they play, what they directed or wrote.
 */
export function PersonView({ person, hrefForLevel }: { person: VisiblePerson; hrefForLevel: HrefForLevel }) {
  const parts = person.films.reduce((n, f) => n + f.characters.length + f.hiddenCharacters, 0);
  const credited = person.films.filter((f) => f.credits.length > 0).length;
  const cast = person.films.filter((f) => f.characters.length + f.hiddenCharacters > 0);
  const behind = (['director', 'writer'] as const)
    .map((role) => ({ role, films: person.films.filter((f) => f.credits.includes(role)) }))
    .filter((group) => group.films.length > 0);
  const bySlug = new Map(person.films.map((film) => [film.slug, film]));
  const knownFor = person.knownFor.map((slug) => bySlug.get(slug)).filter((film) => film !== undefined);
  const life = lifeDates(person);
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        {person.photo ? (
          <MediaImage
            image={person.photo.image}
            alt={person.photo.alt}
            width={person.photo.width}
            height={person.photo.height}
            sizes="160px"
            fallbackRatio="1 / 1"
            className={styles.photo}
            priority
            focal={person.photo.focal}
            version={person.photo.version}
          />
        ) : (
          <InitialsAvatar name={person.name} size="large" />
        )}
        <div>
          <p className={styles.kicker}>{rolesOf(person)}</p>
          <h1 className={styles.name}>{person.name}</h1>
          {life && (
            <p className={styles.summary} data-testid="life-dates">
              {life}
            </p>
          )}
          <p className={styles.summary}>
            {workText(parts, cast.length, credited)} Showing: <strong>{SPOILER_LABELS[person.level]}</strong>.
          </p>
        </div>
      </header>
      <div className={styles.control}>
        <SpoilerControl level={person.level} hrefForLevel={hrefForLevel} />
      </div>
      {person.biography.length + person.hiddenBioParagraphs > 0 && (
        <section aria-labelledby="biography-heading" className={styles.biography} id="biography">
          <h2 id="biography-heading" className={styles.sectionHeading}>
            Biography
          </h2>
          {person.biography.map((paragraph, i) => (
            <p key={i} className={styles.bioParagraph}>
              {paragraph.spoiler !== 'none' && (
                <>
                  <SpoilerBadge level={paragraph.spoiler} />{' '}
                </>
              )}
              {paragraph.text}
            </p>
          ))}
          {person.hiddenBioParagraphs > 0 && (
            <HiddenNote level={person.level} revealAt={person.hiddenBioFrom ?? undefined} hrefForLevel={hrefForLevel} section="biography">
              {hiddenBioText(person.hiddenBioParagraphs, person.biography.length > 0)}
            </HiddenNote>
          )}
        </section>
      )}
      {knownFor.length > 0 && (
        <section aria-labelledby="known-for-heading" className={styles.knownForSection}>
          <h2 id="known-for-heading" className={styles.sectionHeading}>
            Known for
          </h2>
          <ol className={styles.knownFor}>
            {knownFor.map((film) => (
              <li key={film.slug} className={styles.knownForItem}>
                <Link href={filmPath(film.slug)} className={styles.knownForTitle}>
                  {filmName(film)}
                </Link>
                <span className={styles.knownForPart}>{partIn(film)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading" className={styles.sectionHeading}>
          Credits
        </h2>
        {cast.length > 0 && (
          <section aria-labelledby="credits-cast" className={styles.role}>
            <h3 id="credits-cast" className={styles.roleHeading}>
              Cast <span className={styles.roleCount}>({plural(cast.length, 'film')})</span>
            </h3>
            {cast.map((film) => (
              <section key={film.slug} className={styles.film} aria-labelledby={`film-${film.slug}`}>
                <h4 id={`film-${film.slug}`} className={styles.filmTitle}>
                  <Link href={filmPath(film.slug)}>{filmName(film)}</Link>
                </h4>
                {film.characters.length > 0 && (
                  <ul className={styles.characters}>
                    {film.characters.map((character) => (
                      <li key={character.id} className={styles.character}>
                        <div className={styles.characterTop}>
                          <InitialsAvatar name={character.name} />
                          <h5 className={styles.characterName}>
                            <Link href={`${filmPath(film.slug)}#character-${character.id}`}>{character.name}</Link>{' '}
                            <SpoilerBadge level={character.spoiler} />
                          </h5>
                        </div>
                        {character.description && <p className={styles.description}>{character.description}</p>}
                        <TagChips tags={character.tags} label={`Traits of ${character.name}`} />
                      </li>
                    ))}
                  </ul>
                )}
                {film.hiddenCharacters > 0 && (
                  <HiddenNote level={person.level} hrefForLevel={hrefForLevel}>
                    {hiddenPartsText(person.name, film)}
                  </HiddenNote>
                )}
              </section>
            ))}
          </section>
        )}
        {behind.map(({ role, films }) => (
          <section key={role} aria-labelledby={`credits-${role}`} className={styles.role}>
            <h3 id={`credits-${role}`} className={styles.roleHeading}>
              {CREDIT_WORDS[role]} <span className={styles.roleCount}>({plural(films.length, 'film')})</span>
            </h3>
            <ul className={styles.creditList}>
              {films.map((film) => (
                <li key={film.slug}>
                  <Link href={filmPath(film.slug)}>{filmName(film)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </article>
  );
}
