import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import type { PersonContent } from './person-schema';
import { readPersonContent, savePerson, summarizePersonRevision, type PersonRevisionSummary } from './save-person';

const SUMMARY = { number: true, createdAt: true, restoredFrom: true, author: { select: { email: true, name: true } } } as const;

/** Every revision of a person's profile, newest first. */
export async function listPersonRevisions(actor: Actor | null, slug: string): Promise<PersonRevisionSummary[]> {
  assertCan(actor, 'film.read');
  const rows = await db().personRevision.findMany({ where: { slug }, orderBy: { number: 'desc' }, select: SUMMARY });
  return rows.map(summarizePersonRevision);
}

/** One revision of a person's profile with its content (404 when there is no such revision). */
export async function getPersonRevision(
  actor: Actor | null,
  slug: string,
  number: number,
): Promise<PersonRevisionSummary & { content: PersonContent }> {
  assertCan(actor, 'film.read');
  const row = await db().personRevision.findUnique({
    where: { slug_number: { slug, number } },
    select: { ...SUMMARY, content: true },
  });
  if (!row) throw new NotFoundError(`This person has no revision ${number}`);
  return { ...summarizePersonRevision(row), content: readPersonContent(row.content) };
}

/**
 * Restores an earlier revision: its content saved as the newest revision (nothing in between is
 * lost: those revisions stay), live at once like every save of a person. With `baseRevision` (the
 * latest the editor saw), refused with 409 when someone saved after it.
 */
export async function restorePersonRevision(
  actor: Actor | null,
  { slug, revision, baseRevision }: { slug: string; revision: number; baseRevision?: number },
) {
  assertCan(actor, 'film.publish');
  const { content } = await getPersonRevision(actor, slug, revision);
  return savePerson(actor, { slug, baseRevision, content, restoredFrom: revision, action: 'person.restore' });
}
