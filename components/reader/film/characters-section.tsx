import Link from 'next/link';
import { readerText } from '@/lib/i18n/reader-text';
import { charactersPart } from '@/lib/page/parts/characters';
import { InitialsAvatar } from '../initials-avatar';
import { SpoilerBadge } from '../spoiler-badge';
import { CharacterDetails } from '../character-details';
import { HiddenItems } from './list-part-section';
import { Section } from './section';
import type { ReaderSectionProps } from './part-sections';
import styles from './characters-section.module.css';
import { personPath } from '@/lib/reader/reader-address.mjs';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/** "Who Are the Main Characters in {title}?": a profile per visible character, linking to the actor. */
export function CharactersSection({ film, hrefForLevel, locale, ownLang }: ReaderSectionProps) {
  const t = readerText(locale);
  const lang = untranslatedLang(film.untranslated);
  return (
    <Section locale={locale} id="characters" film={film}>
      {film.characters.length > 0 && (
        <ul className={styles.grid}>
          {film.characters.map((character) => (
            <li key={character.id} id={`character-${character.id}`} className={styles.card}>
              <div className={styles.top}>
                <InitialsAvatar name={character.name} />
                <div>
                  <h3 className={styles.name}>
                    <span lang={lang(itemUnitKey('characters', character.id, 'name'))}>{character.name}</span>
                    {character.playedBy && <span className={styles.actor}> ({character.playedBy.name})</span>}{' '}
                    <SpoilerBadge level={character.spoiler} locale={locale} />
                  </h3>
                  {character.playedBy && (
                    <p className={styles.playedBy}>
                      {t('characters.playedBy')} <Link href={personPath(character.playedBy.slug, locale)}>{character.playedBy.name}</Link>
                    </p>
                  )}
                </div>
              </div>
              <CharacterDetails
                character={character}
                lang={lang}
                descriptionClassName={styles.description}
                tagsLang={ownLang}
                locale={locale}
              />
            </li>
          ))}
        </ul>
      )}
      {film.hidden.characters > 0 && (
        <HiddenItems
          locale={locale}
          part={charactersPart}
          film={film}
          hrefForLevel={hrefForLevel}
          count={film.hidden.characters}
          more={film.characters.length > 0}
        />
      )}
    </Section>
  );
}
