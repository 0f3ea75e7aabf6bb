import type { ReactNode } from 'react';
import type { ListPart } from '@/lib/page/list-part';
import type { HeadedSectionId } from '@/lib/page/parts';
import { withHiddenRuns } from '@/lib/reader/hidden-runs';
import { revealsMore, type CountedPart } from '@/lib/spoilers/level-counts';
import type { SpoilerLevel } from '@/lib/spoilers/levels';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { isLedeSection } from '@/lib/page/reader-lines';
import { HiddenNote } from '../hidden-note';
import { SpoilerBadge } from '../spoiler-badge';
import type { HrefForLevel } from '../spoiler-control';
import { Section } from './section';
import styles from './list-part-section.module.css';
import { itemUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/** An item of a list part as a reader gets it: numbered by its place on the page. */
export type ShownItem = { id: string; number: number; spoiler: SpoilerLevel } & Record<string, unknown>;

type ListProps = { part: ListPart; film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string };

/**
 * A list part's items at the reader's level, in order, each anchored by its search kind
 * (`#theme-{id}`); a note stands where held-back items would be, offering the levels that show them.
 */
export function ListItems<T extends ShownItem = ShownItem>({
  part,
  film,
  hrefForLevel,
  className,
  itemClassName,
  locale,
  children,
}: ListProps & { className: string; itemClassName: string; children: (item: T) => ReactNode }) {
  const { list } = part;
  const items = (film as unknown as Record<string, T[]>)[list.key];
  const total = (film as unknown as Record<string, number>)[`${list.key}Total`];
  return (
    <ol className={className}>
      {withHiddenRuns(items, total).map((row) =>
        row.kind === 'item' ? (
          <li key={row.item.id} id={`${list.anchor}-${row.item.id}`} className={itemClassName}>
            {children(row.item)}
          </li>
        ) : (
          <li key={`hidden-${row.first}`}>
            <HiddenItems locale={locale} part={part} film={film} hrefForLevel={hrefForLevel} count={row.count} more={row.first > 1} />
          </li>
        ),
      )}
    </ol>
  );
}

/** Where `count` items of a list part are held back (`more`: after some shown): the levels that show them. */
export function HiddenItems({ part: { id, list }, film, hrefForLevel, count, more, locale }: ListProps & { count: number; more: boolean }) {
  return (
    <HiddenNote
      locale={locale}
      count={count}
      noun={list.nouns[0]}
      part={list.key as CountedPart}
      more={more}
      level={film.level}
      hrefForLevel={hrefForLevel}
      section={id}
      reveals={(to) => revealsMore(film.counts, list.key as CountedPart, film.level, to)}
    />
  );
}

/**
 * A list part's section from its description (themes, and any list part without a section of its
 * own): the heading, the part's line, then each item's number, its title with its level, and its
 * other texts.
 */
export function ListPartSection({ part, film, hrefForLevel, locale }: ListProps) {
  const { number, titleField, texts, key } = part.list;
  const lang = untranslatedLang(film.untranslated);
  return (
    <Section
      locale={locale}
      id={part.id as HeadedSectionId}
      film={film}
      lede={isLedeSection(part.id) ? undefined : part.lede?.text(film as never)}
    >
      <ListItems
        locale={locale}
        part={part}
        film={film}
        hrefForLevel={hrefForLevel}
        className={styles.list}
        itemClassName={number ? styles.numbered : styles.item}
      >
        {(item) => (
          <>
            {number && (
              <span className={styles.number} aria-hidden="true">
                {number(item.number)}
              </span>
            )}
            <div>
              <h3 className={styles.title}>
                <span className="visually-hidden">{item.number}. </span>
                <span lang={lang(itemUnitKey(key, item.id, titleField))}>{String(item[titleField])}</span>{' '}
                <SpoilerBadge level={item.spoiler} locale={locale} />
              </h3>
              {texts.map((field) =>
                item[field] ? (
                  <p key={field} className={styles.description} lang={lang(itemUnitKey(key, item.id, field))}>
                    {String(item[field])}
                  </p>
                ) : null,
              )}
            </div>
          </>
        )}
      </ListItems>
    </Section>
  );
}
