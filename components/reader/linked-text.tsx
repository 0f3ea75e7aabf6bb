import Link from 'next/link';
import type { PersonRef } from '@/lib/content/schema';
import { linkPeople, paragraphs } from '@/lib/content/derive';
import { personPath } from '@/lib/reader/reader-address.mjs';

/**
 * Paragraphs of a long text; people's names link to their pages; "> " paragraphs are quotations.
 * `from`/`to` render only those paragraphs (the premise puts the infobox after its first). `locale`:
 * the page's language, whose person pages the names link to (absent: the site's own).
 */
export function LinkedText({
  text,
  people = [],
  from = 0,
  to,
  locale,
}: {
  text: string;
  people?: PersonRef[];
  from?: number;
  to?: number;
  locale?: string;
}) {
  return (
    <>
      {paragraphs(text)
        .slice(from, to)
        .map((paragraph, i) => {
          const parts = linkPeople(paragraph.text, people).map((part, j) =>
            typeof part === 'string' ? (
              part
            ) : (
              <Link key={j} href={personPath(part.person.slug, locale)}>
                {part.text}
              </Link>
            ),
          );
          return paragraph.quote ? (
            <blockquote key={i}>
              <p>{parts}</p>
            </blockquote>
          ) : (
            <p key={i}>{parts}</p>
          );
        })}
    </>
  );
}
