import 'server-only';
import { db, type Tx } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { authorIdOf } from '../auth/system-actor';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { writeAudit } from '../audit/write-audit';
import { invalidatePersonPages } from '../cache/invalidate-film-pages';
import { sameContent } from '../content/same-content';
import { fieldErrors } from '../content/schema';
import { actorRef, enqueueWebhookEvent, pageTags, personRef } from '../webhooks/enqueue-webhook-event';
import { EMPTY_PERSON_CONTENT, personContentSchema, type PersonContent } from './person-schema';

export type PersonRevisionSummary = {
  number: number;
  createdAt: string;
  author: string | null;
  restoredFrom: number | null;
};

/** What a 409 carries: the newer revision the save was not based on, for the form to show. */
export type PersonSaveConflict = {
  baseRevision: number;
  /** The content of `baseRevision`, what the refused edit started from: the merge's base. */
  baseContent: PersonContent;
  current: PersonRevisionSummary & { content: PersonContent };
};

/** The parts of a person that changed, as the `person.updated` webhook names them. */
type Changed = 'dates' | 'biography' | 'photo';

function changedParts(before: PersonContent, after: PersonContent): Changed[] {
  const changed: Changed[] = [];
  if (before.birthDate !== after.birthDate || before.deathDate !== after.deathDate) changed.push('dates');
  if (!sameContent(before.photo, after.photo)) changed.push('photo');
  if (!sameContent(before.biography, after.biography)) changed.push('biography');
  return changed;
}

/** A stored revision's content, read back through the schema (a revision saved by an older shape still reads). */
export function readPersonContent(stored: unknown): PersonContent {
  const parsed = personContentSchema.safeParse(stored);
  return parsed.success ? parsed.data : EMPTY_PERSON_CONTENT;
}

export const summarizePersonRevision = (row: {
  number: number;
  createdAt: Date;
  restoredFrom: number | null;
  author: { email: string; name?: string | null } | null;
}): PersonRevisionSummary => ({
  number: row.number,
  createdAt: row.createdAt.toISOString(),
  author: row.author ? row.author.name || row.author.email : null,
  restoredFrom: row.restoredFrom,
});

/**
 * The person's profile row, locked for this transaction. Only people on the site (a `Person` row: a
 * part or credit in a published film) are edited; publishing made their profile, empty, if need be.
 */
async function lockProfile(tx: Tx, slug: string): Promise<{ latestRevision: number }> {
  const person = await tx.person.findUnique({ where: { slug }, select: { id: true } });
  if (!person) throw new NotFoundError('No person with this address is on the site');
  const [profile] = await tx.$queryRaw<Array<{ latestRevision: number }>>`
    SELECT "latestRevision" FROM "PersonProfile" WHERE slug = ${slug} FOR UPDATE`;
  return profile!;
}

/** The content of revision `number` (0: none yet). */
async function revisionContent(tx: Tx, slug: string, number: number): Promise<PersonContent> {
  if (number === 0) return EMPTY_PERSON_CONTENT;
  const row = await tx.personRevision.findUniqueOrThrow({ where: { slug_number: { slug, number } }, select: { content: true } });
  return readPersonContent(row.content);
}

export type SavePersonArgs = {
  slug: string;
  /** The revision the edit started from; a newer latest one refuses the save (409). Omitted: on top of the latest (the API's partial updates). */
  baseRevision?: number;
  /** The new profile, or how to make it from the latest one (a partial change, decided under the lock). */
  content: PersonContent | ((latest: PersonContent) => PersonContent);
  restoredFrom?: number;
  /** The audit row's action: `person.save` from the person form, `person.restore`, or the API's partial changes. */
  action?: 'person.save' | 'person.restore' | 'person.update' | 'person.biography' | 'person.photo';
};

/**
 * Saves a person's profile as their next revision and makes it live at once: the profile's columns
 * and biography rows (what the reader's query reads) are the new revision's, in the same
 * transaction as the revision, its audit row and webhook events; the person's pages are
 * invalidated after it commits. Live without review, so editors and admins only (`film.publish`).
 * Publishing never writes these tables: what is saved here stays when the person's last film is
 * unpublished and is there again when they are published.
 */
export async function savePerson(
  actor: Actor | null,
  args: SavePersonArgs,
): Promise<{ slug: string; revision: PersonRevisionSummary; content: PersonContent }> {
  assertCan(actor, 'film.publish');
  const { slug, restoredFrom } = args;
  const action = args.action ?? 'person.save';
  const result = await db().$transaction(async (tx) => {
    const profile = await lockProfile(tx, slug);
    if (args.baseRevision !== undefined && args.baseRevision !== profile.latestRevision) {
      if (args.baseRevision > profile.latestRevision)
        throw ValidationError.field('baseRevision', `This person has no revision ${args.baseRevision}`);
      const current = await tx.personRevision.findUniqueOrThrow({
        where: { slug_number: { slug, number: profile.latestRevision } },
        select: { number: true, createdAt: true, restoredFrom: true, content: true, author: { select: { email: true, name: true } } },
      });
      throw new ConflictError<PersonSaveConflict>(
        `Revision ${args.baseRevision} is no longer the latest: revision ${current.number} was saved by ${current.author?.email ?? 'someone else'}`,
        {
          baseRevision: args.baseRevision,
          baseContent: await revisionContent(tx, slug, args.baseRevision),
          current: { ...summarizePersonRevision(current), content: readPersonContent(current.content) },
        },
      );
    }
    const before = await revisionContent(tx, slug, profile.latestRevision);
    const content = typeof args.content === 'function' ? validPersonContent(args.content(before)) : args.content;
    if (content.photo) {
      const found = await tx.imageAsset.findUnique({ where: { id: content.photo.image }, select: { id: true } });
      if (!found) throw ValidationError.field('photo.image', `No uploaded image has the id ${content.photo.image}`);
    }
    const number = profile.latestRevision + 1;
    const revision = await tx.personRevision.create({
      data: { slug, number, content: content as never, authorId: actor ? authorIdOf(actor) : null, restoredFrom: restoredFrom ?? null },
      select: { number: true, createdAt: true, restoredFrom: true, author: { select: { email: true, name: true } } },
    });
    await tx.personProfile.update({
      where: { slug },
      data: {
        latestRevision: number,
        birthDate: content.birthDate,
        deathDate: content.deathDate,
        photoId: content.photo?.image ?? null,
        photoAlt: content.photo?.alt ?? '',
      },
    });
    await tx.personBioParagraph.deleteMany({ where: { slug } });
    if (content.biography.length > 0)
      await tx.personBioParagraph.createMany({
        data: content.biography.map(({ text, spoiler }, position) => ({ slug, position, text, spoiler })),
      });
    const changed = changedParts(before, content);
    await writeAudit(tx, {
      actor,
      action,
      subject: slug,
      details: { revision: number, changed, ...(restoredFrom ? { restoredFrom } : {}), ...auditDetails(action, before, content) },
    });
    // Names what changed, never the paragraphs (they have spoiler levels).
    for (const part of changed)
      await enqueueWebhookEvent(tx, 'person.updated', {
        person: personRef(slug),
        changed: part,
        ...(part === 'photo' ? { image: content.photo ? { id: content.photo.image } : null } : {}),
        cacheTags: pageTags({ people: [slug], lists: false }),
        actor: actorRef(actor),
      });
    // A saved revision supersedes this user's unsaved work on the person.
    if (actor?.userId) await tx.personAutosave.deleteMany({ where: { slug, userId: actor.userId } });
    return { slug, revision: summarizePersonRevision(revision), content };
  });
  await invalidatePersonPages(slug);
  return result;
}

/** What the audit row keeps of the change: the fields before and after (the history shows them in words). */
function auditDetails(action: NonNullable<SavePersonArgs['action']>, before: PersonContent, after: PersonContent) {
  switch (action) {
    case 'person.update':
      return {
        before: { birthDate: before.birthDate, deathDate: before.deathDate },
        after: { birthDate: after.birthDate, deathDate: after.deathDate },
      };
    case 'person.biography':
      return { before: before.biography, after: after.biography };
    case 'person.photo':
      return { image: after.photo?.image ?? null };
    default:
      return { before, after };
  }
}

/**
 * Changes part of a person's profile on top of their latest revision (the API's PUT …/photo and
 * …/biography, the demo seed): a revision like any other, without a base to be stale against.
 */
export async function updatePersonProfile(
  actor: Actor | null,
  slug: string,
  change: (latest: PersonContent) => PersonContent,
  action: 'person.update' | 'person.biography' | 'person.photo',
) {
  return savePerson(actor, { slug, content: change, action });
}

function validPersonContent(content: unknown): PersonContent {
  const parsed = personContentSchema.safeParse(content);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

/** The latest saved profile of a person (empty before their first save). */
export async function getLatestPersonContent(slug: string): Promise<PersonContent> {
  const profile = await db().personProfile.findUnique({ where: { slug }, select: { latestRevision: true } });
  return revisionContent(db() as unknown as Tx, slug, profile?.latestRevision ?? 0);
}
