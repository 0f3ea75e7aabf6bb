import type { Tag } from '@/lib/content/schema';
import { readerText } from '@/lib/i18n/reader-text';
import { itemUnitKey } from '@/lib/translations/unit-key';
import { TagChips } from './tag-chips';

/**
 * What a character card says under its name, on the film page and on the person page alike: the
 * description (`lang` marks it where it reads in the page's own language) and the trait chips
 * (never translated: marked on a page in another language).
 */
export function CharacterDetails({
  character,
  lang,
  descriptionClassName,
  tagsLang,
  locale,
}: {
  character: { id: string; name: string; description: string; tags: Tag[] };
  lang: (key: string) => string | undefined;
  descriptionClassName: string;
  /** The tags' language where it is not the page's (they are never translated). */
  tagsLang?: string;
  locale?: string;
}) {
  return (
    <>
      {character.description && (
        <p className={descriptionClassName} lang={lang(itemUnitKey('characters', character.id, 'description'))}>
          {character.description}
        </p>
      )}
      <TagChips tags={character.tags} label={readerText(locale)('characters.traits', { name: character.name })} lang={tagsLang} />
    </>
  );
}
