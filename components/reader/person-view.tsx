import Link from 'next/link';
import type { VisiblePerson } from '@/lib/reader/get-person';
import { plural } from '@/lib/content/derive';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import { HiddenNote } from './hidden-note';
import { InitialsAvatar } from './initials-avatar';
import { MediaImage } from '@/components/media/media-image';
import { SpoilerBadge } from './spoiler-badge';
import { SpoilerControl, type HrefForLevel } from './spoiler-control';
import { TagChips } from './tag-chips';
import styles from './person-view.module.css';

const filmName = (film: { title: string; releaseYear: number | null }) => (film.releaseYear ? `${film.title} (${film.releaseYear})` : film.title);

function hiddenPartsText(name: string, film: VisiblePerson['films'][number]): string {
  const n = film.hiddenCharacters;
  const others = film.characters.length > 0;
  if (n === 1) return `${others ? 'Another part' : 'The part'} ${name} plays in ${film.title} contains spoilers.`;
  return `${n} ${others ? 'more ' : ''}parts ${name} plays in ${film.title} contain spoilers.`;
}

/** A person's page at the reader's level: the films they are in and the characters they play. */
export function PersonView({ person, hrefForLevel }: { person: VisiblePerson; hrefForLevel: HrefForLevel }) {
  const parts = person.films.reduce((n, f) => n + f.characters.length + f.hiddenCharacters, 0);
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        {person.photo ? (
          <MediaImage image={person.photo.image} alt={person.photo.alt} width={person.photo.width} height={person.photo.height} sizes="160px" fallbackRatio="1 / 1" className={styles.photo} priority />
        ) : (
          <InitialsAvatar name={person.name} size="large" />
        )}
        <div>
          <p className={styles.kicker}>Cast</p>
          <h1 className={styles.name}>{person.name}</h1>
          <p className={styles.summary}>
            {plural(parts, 'part')} in {plural(person.films.length, 'film')} on this site. Showing: <strong>{SPOILER_LABELS[person.level]}</strong>.
          </p>
        </div>
      </header>
      <div className={styles.control}>
        <SpoilerControl level={person.level} hrefForLevel={hrefForLevel} />
      </div>
      <section aria-labelledby="films-heading">
        <h2 id="films-heading" className={styles.sectionHeading}>
          Films and characters
        </h2>
        {person.films.map((film) => (
          <section key={film.slug} className={styles.film} aria-labelledby={`film-${film.slug}`}>
            <h3 id={`film-${film.slug}`} className={styles.filmTitle}>
              <Link href={`/films/${film.slug}`}>{filmName(film)}</Link>
            </h3>
            {film.characters.length > 0 && (
              <ul className={styles.characters}>
                {film.characters.map((character) => (
                  <li key={character.id} className={styles.character}>
                    <div className={styles.characterTop}>
                      <InitialsAvatar name={character.name} />
                      <h4 className={styles.characterName}>
                        <Link href={`/films/${film.slug}#character-${character.id}`}>{character.name}</Link>{' '}
                        <SpoilerBadge level={character.spoiler} />
                      </h4>
                    </div>
                    {character.description && <p className={styles.description}>{character.description}</p>}
                    <TagChips tags={character.tags} label={`Traits of ${character.name}`} />
                  </li>
                ))}
              </ul>
            )}
            {film.hiddenCharacters > 0 && (
              <HiddenNote
                level={person.level}
                hrefForLevel={hrefForLevel}
              >
                {hiddenPartsText(person.name, film)}
              </HiddenNote>
            )}
          </section>
        ))}
      </section>
    </article>
  );
}
