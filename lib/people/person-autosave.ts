import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { fieldErrors } from '../content/schema';
import { sameContent } from '../content/same-content';
import { personWorkInProgressSchema, type PersonWorkInProgress } from './person-schema';
import { getLatestPersonContent } from './save-person';

/**
 * The person form's autosave slot, one per user and person: work in progress that is not (yet) a
 * revision, like the film editor's (lib/editor/save-autosave.ts), so a reload or a closed tab
 * loses nothing typed. Only those who may save a person (`film.publish`) have one.
 */
export async function savePersonAutosave({
  actor,
  slug,
  baseRevision,
  content,
}: {
  actor: Actor;
  slug: string;
  baseRevision: number;
  content: unknown;
}): Promise<{ savedAt: string; baseRevision: number }> {
  assertCan(actor, 'film.publish');
  if (!actor.userId) throw new ForbiddenError('Autosave belongs to a user');
  const parsed = personWorkInProgressSchema.safeParse(content);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  const [person, profile] = await Promise.all([
    db().person.findUnique({ where: { slug }, select: { id: true } }),
    db().personProfile.findUnique({ where: { slug }, select: { latestRevision: true } }),
  ]);
  if (!person) throw new NotFoundError('No person with this address is on the site');
  if (baseRevision > (profile?.latestRevision ?? 0))
    throw ValidationError.field('baseRevision', `This person has no revision ${baseRevision}`);
  const data = { baseRevision, content: parsed.data as never };
  const slot = await db().personAutosave.upsert({
    where: { userId_slug: { userId: actor.userId, slug } },
    create: { userId: actor.userId, slug, ...data },
    update: data,
    select: { updatedAt: true, baseRevision: true },
  });
  return { savedAt: slot.updatedAt.toISOString(), baseRevision: slot.baseRevision };
}

export type PersonAutosaveSlot = { baseRevision: number; content: PersonWorkInProgress; savedAt: string };

/** The user's unsaved work on a person, or null when there is none or it is what the latest revision holds. */
export async function getPersonAutosave({ actor, slug }: { actor: Actor; slug: string }): Promise<PersonAutosaveSlot | null> {
  assertCan(actor, 'film.publish');
  if (!actor.userId) return null;
  const slot = await db().personAutosave.findUnique({ where: { userId_slug: { userId: actor.userId, slug } } });
  if (!slot) return null;
  const parsed = personWorkInProgressSchema.safeParse(slot.content);
  if (!parsed.success) return null;
  if (sameContent(parsed.data, await getLatestPersonContent(slug))) return null;
  return { baseRevision: slot.baseRevision, content: parsed.data, savedAt: slot.updatedAt.toISOString() };
}

/** Empties the user's slot for a person ("Discard"). Idempotent. */
export async function discardPersonAutosave({ actor, slug }: { actor: Actor; slug: string }): Promise<{ discarded: boolean }> {
  assertCan(actor, 'film.publish');
  if (!actor.userId) return { discarded: false };
  const { count } = await db().personAutosave.deleteMany({ where: { slug, userId: actor.userId } });
  return { discarded: count > 0 };
}
