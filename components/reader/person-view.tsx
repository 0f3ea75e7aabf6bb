import Link from 'next/link';
import type { CreditRole, VisiblePerson } from '@/lib/reader/get-person';
import { formatFactDate } from '@/lib/content/facts-text';
import { plural } from '@/lib/content/derive';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import { HiddenNote } from './hidden-note';
import { InitialsAvatar } from './initials-avatar';
import { MediaImage } from '@/components/media/media-image';
import { SpoilerBadge } from './spoiler-badge';
import { SpoilerControl, type HrefForLevel } from './spoiler-control';
import { TagChips } from './tag-chips';
import styles from './person-view.module.css';

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

/** A person's page at the reader's level: the films they are in, the characters they play, what they directed or wrote. */
export function PersonView({ person, hrefForLevel }: { person: VisiblePerson; hrefForLevel: HrefForLevel }) {
  const parts = person.films.reduce((n, f) => n + f.characters.length + f.hiddenCharacters, 0);
  const credited = person.films.filter((f) => f.credits.length > 0).length;
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
            {parts > 0 &&
              `${plural(parts, 'part')} in ${plural(person.films.filter((f) => f.characters.length + f.hiddenCharacters > 0).length, 'film')}`}
            {parts > 0 && credited > 0 && '; '}
            {credited > 0 && `behind the camera on ${plural(credited, 'film')}`} on this site. Showing:{' '}
            <strong>{SPOILER_LABELS[person.level]}</strong>.
          </p>
        </div>
      </header>
      <div className={styles.control}>
        <SpoilerControl level={person.level} hrefForLevel={hrefForLevel} />
      </div>
      <section aria-labelledby="films-heading">
        <h2 id="films-heading" className={styles.sectionHeading}>
          Films, characters and credits
        </h2>
        {person.films.map((film) => (
          <section key={film.slug} className={styles.film} aria-labelledby={`film-${film.slug}`}>
            <h3 id={`film-${film.slug}`} className={styles.filmTitle}>
              <Link href={`/films/${film.slug}`}>{filmName(film)}</Link>
            </h3>
            {film.credits.length > 0 && <p className={styles.credits}>{film.credits.map((role) => CREDIT_WORDS[role]).join(' and ')}</p>}
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
              <HiddenNote level={person.level} hrefForLevel={hrefForLevel}>
                {hiddenPartsText(person.name, film)}
              </HiddenNote>
            )}
          </section>
        ))}
      </section>
    </article>
  );
}
