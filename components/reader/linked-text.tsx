import Link from 'next/link';
import type { PersonRef } from '@/lib/content/schema';
import { linkPeople, paragraphs } from '@/lib/content/derive';

/** Paragraphs of a long text; people's names link to their pages; "> " paragraphs are quotations. */
export function LinkedText({ text, people = [] }: { text: string; people?: PersonRef[] }) {
  return (
    <>
      {paragraphs(text).map((paragraph, i) => {
        const parts = linkPeople(paragraph.text, people).map((part, j) =>
          typeof part === 'string' ? (
            part
          ) : (
            <Link key={j} href={`/people/${part.person.slug}`}>
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
