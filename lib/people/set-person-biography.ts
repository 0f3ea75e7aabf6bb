import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { writeAudit } from '../audit/write-audit';
import { invalidatePersonPages } from '../cache/invalidate-film-pages';
import type { BioParagraph, PersonBiography } from './person-schema';

/**
 * Replaces a person's biography with these paragraphs (in order, each at its spoiler level), live
 * at once: people are not revisioned, so the audit row keeps the paragraphs before and after.
 * The person's reader pages are cached under their own tag (lib/reader/cached-reader.ts), which is
 * invalidated after the change commits.
 */
export async function setPersonBiography(
  actor: Actor | null,
  { slug, paragraphs }: PersonBiography,
): Promise<{ slug: string; paragraphs: BioParagraph[] }> {
  assertCan(actor, 'film.publish'); // live at once, without review: not for writers, like the dates and photo
  const result = await db().$transaction(async (tx) => {
    const person = await tx.person.findUnique({
      where: { slug },
      select: { id: true, biography: { orderBy: { position: 'asc' }, select: { text: true, spoiler: true } } },
    });
    if (!person) throw new NotFoundError('No person with this address is on the site');
    await tx.personBioParagraph.deleteMany({ where: { personId: person.id } });
    if (paragraphs.length > 0) {
      await tx.personBioParagraph.createMany({
        data: paragraphs.map(({ text, spoiler }, position) => ({ personId: person.id, position, text, spoiler })),
      });
    }
    await writeAudit(tx, { actor, action: 'person.biography', subject: slug, details: { before: person.biography, after: paragraphs } });
    return { slug, paragraphs: paragraphs.map(({ text, spoiler }) => ({ text, spoiler })) };
  });
  await invalidatePersonPages(slug);
  return result;
}
