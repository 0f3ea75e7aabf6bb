import Link from 'next/link';
import type { ReactNode } from 'react';
import type { VisiblePerson } from '@/lib/reader/get-person';
import { formatFactDate } from '@/lib/content/facts-text';
import { capitalised } from '@/lib/page/page-text';
import { INTERFACE_LOCALE, interfaceLocale, readerText, type ReaderText } from '@/lib/i18n/reader-text';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';
import { CharacterDetails } from './character-details';
import { HiddenNote } from './hidden-note';
import { sentenceWith } from './sentence-with';
import { InitialsAvatar } from './initials-avatar';
import { MediaImage } from '@/components/media/media-image';
import { SpoilerBadge } from './spoiler-badge';
import { SpoilerControl, type HrefForLevel } from './spoiler-control';
import styles from './person-view.module.css';
import { filmPath } from '@/lib/reader/reader-address.mjs';

type Film = VisiblePerson['films'][number];

const filmName = (film: { title: string; releaseYear: number | null }) =>
  film.releaseYear ? `${film.title} (${film.releaseYear})` : film.title;

/** The language of a film's title where it is not the page's (no current translation of it). */
const titleLang = (film: Film) => untranslatedLang(film.untranslated)('title');

/** A film's page in the language the person's page links it in (its translation's when published in it). */
const filmHref = (film: Film) => filmPath(film.slug, film.locale);

/** "Cast, director": what a person does on the site, for the kicker. */
function rolesOf(person: VisiblePerson, t: ReaderText): string {
  const acts = person.films.some((f) => f.characters.length + f.hiddenCharacters > 0);
  const credits = new Set(person.films.flatMap((f) => f.credits));
  const words = [
    ...(acts ? [t('person.cast')] : []),
    ...(['director', 'writer'] as const).filter((r) => credits.has(r)).map((r) => t(`person.credit.${r}`)),
  ];
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(', ');
}

function lifeDates(person: VisiblePerson, t: ReaderText): string | null {
  if (!person.birthDate && !person.deathDate) return null;
  const language = interfaceLocale(person.locale);
  const date = (value: string) => formatFactDate(value, language === INTERFACE_LOCALE ? undefined : language);
  if (person.birthDate && person.deathDate) return t('person.bornDied', { born: date(person.birthDate), died: date(person.deathDate) });
  return person.birthDate ? t('person.born', { date: date(person.birthDate) }) : t('person.died', { date: date(person.deathDate) });
}

/**
 * "as Sarah Ivanov", "Director and writer": what a person is in a film, for "Known for". One
 * string, unless a character's name reads in another language than the page's: then each name is
 * an element with its `lang`.
 */
function partIn(film: Film, t: ReaderText, language: string): ReactNode {
  const roles = film.credits.map((role, i) => (i === 0 ? t(`person.credit.${role}`) : t(`person.credit.${role}`).toLowerCase()));
  const credits = new Intl.ListFormat(language, { type: 'conjunction' }).format(roles);
  const lang = untranslatedLang(film.untranslated);
  const marked = film.characters.some((c) => lang(itemUnitKey('characters', c.id, 'name')));
  const lead = credits ? `${credits}${t('person.partSeparator')}` : '';
  if (film.characters.length === 0) return credits || t('person.cast');
  if (!marked) return `${lead}${t('person.playing')} ${film.characters.map((c) => c.name).join(', ')}`;
  return (
    <>
      {`${lead}${t('person.playing')} `}
      {film.characters.map((c, i) => (
        <span key={c.id}>
          {i > 0 && ', '}
          <span lang={lang(itemUnitKey('characters', c.id, 'name'))}>{c.name}</span>
        </span>
      ))}
    </>
  );
}

/** "3 parts in 2 films; behind the camera on 1 film on this site." as one sentence, or nothing. */
function workText(t: ReaderText, parts: number, castFilms: number, credited: number): string {
  if (parts === 0 && credited === 0) return '';
  return capitalised(t('person.work', { cast: String(parts > 0), behind: String(credited > 0), parts, films: castFilms, credited }));
}

/**
 * A person's page at the reader's level, in the page's language (`person.locale`, absent: the
 * site's own): photo and name, the biography's paragraphs at or below the level (the others only
 * counted), the films they are known for, and their credits by role: the characters they play,
 * what they directed or wrote. In a translation's language each film's title and the characters'
 * texts are its translation's where it has them, the page's own otherwise, marked with their
 * language (`lang`), as are the person's own texts (biography, photo's alt text); film and
 * character links go to the film's page in that language when it is published in it.
 */
export function PersonView({
  person,
  hrefForLevel,
  languages,
}: {
  person: VisiblePerson;
  hrefForLevel: HrefForLevel;
  /** Links to the page in its other languages, under the headline. */
  languages?: ReactNode;
}) {
  const { locale } = person;
  const t = readerText(locale);
  const parts = person.films.reduce((n, f) => n + f.characters.length + f.hiddenCharacters, 0);
  const credited = person.films.filter((f) => f.credits.length > 0).length;
  const cast = person.films.filter((f) => f.characters.length + f.hiddenCharacters > 0);
  const behind = (['director', 'writer'] as const)
    .map((role) => ({ role, films: person.films.filter((f) => f.credits.includes(role)) }))
    .filter((group) => group.films.length > 0);
  const bySlug = new Map(person.films.map((film) => [film.slug, film]));
  const knownFor = person.knownFor.map((slug) => bySlug.get(slug)).filter((film) => film !== undefined);
  const life = lifeDates(person, t);
  const filmCount = (count: number) => t('person.filmCount', { count });
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        {person.photo ? (
          <MediaImage
            image={person.photo.image}
            alt={person.photo.alt}
            lang={person.ownLang}
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
          <p className={styles.kicker}>{rolesOf(person, t)}</p>
          <h1 className={styles.name}>{person.name}</h1>
          {life && (
            <p className={styles.summary} data-testid="life-dates">
              {life}
            </p>
          )}
          <p className={styles.summary}>
            {workText(t, parts, cast.length, credited)}
            {` ${t('film.showing')} `}
            <strong>{t(`levels.name.${person.level}`)}</strong>.
          </p>
          {languages}
        </div>
      </header>
      <div className={styles.control}>
        <SpoilerControl level={person.level} hrefForLevel={hrefForLevel} locale={locale} />
      </div>
      {person.biography.length + person.hiddenBioParagraphs > 0 && (
        <section aria-labelledby="biography-heading" className={styles.biography} id="biography">
          <h2 id="biography-heading" className={styles.sectionHeading}>
            {t('person.biography')}
          </h2>
          {person.biography.map((paragraph, i) => (
            <p key={i} className={styles.bioParagraph}>
              {paragraph.spoiler !== 'none' && (
                <>
                  <SpoilerBadge level={paragraph.spoiler} locale={locale} />{' '}
                </>
              )}
              <Own lang={person.ownLang}>{paragraph.text}</Own>
            </p>
          ))}
          {person.hiddenBioParagraphs > 0 && (
            <HiddenNote
              locale={locale}
              level={person.level}
              revealAt={person.hiddenBioFrom ?? undefined}
              hrefForLevel={hrefForLevel}
              section="biography"
            >
              {t('person.hiddenBio', { count: person.hiddenBioParagraphs, more: String(person.biography.length > 0) })}
            </HiddenNote>
          )}
        </section>
      )}
      {knownFor.length > 0 && (
        <section aria-labelledby="known-for-heading" className={styles.knownForSection}>
          <h2 id="known-for-heading" className={styles.sectionHeading}>
            {t('person.knownFor')}
          </h2>
          <ol className={styles.knownFor}>
            {knownFor.map((film) => (
              <li key={film.slug} className={styles.knownForItem}>
                <Link href={filmHref(film)} className={styles.knownForTitle} lang={titleLang(film)}>
                  {filmName(film)}
                </Link>
                <span className={styles.knownForPart}>{partIn(film, t, interfaceLocale(locale))}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading" className={styles.sectionHeading}>
          {t('person.credits')}
        </h2>
        {cast.length > 0 && (
          <section aria-labelledby="credits-cast" className={styles.role}>
            <h3 id="credits-cast" className={styles.roleHeading}>
              {`${t('person.cast')} `}
              <span className={styles.roleCount}>({filmCount(cast.length)})</span>
            </h3>
            {cast.map((film) => {
              const lang = untranslatedLang(film.untranslated);
              return (
                <section key={film.slug} className={styles.film} aria-labelledby={`film-${film.slug}`}>
                  <h4 id={`film-${film.slug}`} className={styles.filmTitle}>
                    <Link href={filmHref(film)} lang={titleLang(film)}>
                      {filmName(film)}
                    </Link>
                  </h4>
                  {film.characters.length > 0 && (
                    <ul className={styles.characters}>
                      {film.characters.map((character) => (
                        <li key={character.id} className={styles.character}>
                          <div className={styles.characterTop}>
                            <InitialsAvatar name={character.name} />
                            <h5 className={styles.characterName}>
                              <Link
                                href={`${filmHref(film)}#character-${character.id}`}
                                lang={lang(itemUnitKey('characters', character.id, 'name'))}
                              >
                                {character.name}
                              </Link>{' '}
                              <SpoilerBadge level={character.spoiler} locale={locale} />
                            </h5>
                          </div>
                          <CharacterDetails
                            character={character}
                            lang={lang}
                            descriptionClassName={styles.description}
                            tagsLang={person.ownLang}
                            locale={locale}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                  {film.hiddenCharacters > 0 && (
                    <HiddenNote locale={locale} level={person.level} hrefForLevel={hrefForLevel}>
                      {sentenceWith(
                        (title) =>
                          t('person.hiddenParts', {
                            count: film.hiddenCharacters,
                            more: String(film.characters.length > 0),
                            name: person.name,
                            title,
                          }),
                        <span lang={titleLang(film)}>{film.title}</span>,
                      )}
                    </HiddenNote>
                  )}
                </section>
              );
            })}
          </section>
        )}
        {behind.map(({ role, films }) => (
          <section key={role} aria-labelledby={`credits-${role}`} className={styles.role}>
            <h3 id={`credits-${role}`} className={styles.roleHeading}>
              {t(`person.credit.${role}`)} <span className={styles.roleCount}>({filmCount(films.length)})</span>
            </h3>
            <ul className={styles.creditList}>
              {films.map((film) => (
                <li key={film.slug}>
                  <Link href={filmHref(film)} lang={titleLang(film)}>
                    {filmName(film)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </article>
  );
}

/** The person's own text (not translated): as it is on their page in the site's language, marked with it on another's. */
function Own({ lang, children }: { lang: string | undefined; children: string }) {
  return lang ? <span lang={lang}>{children}</span> : children;
}
