import 'server-only';
import { db, type Tx } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ForbiddenError, ValidationError } from '../errors';
import { assertSafeText } from '../http/safe-text';
import { findTranslation } from './find-translation';
import { translationAutosaveBodySchema, type TranslationAutosaveBody, type TranslationAutosaveSlot } from './translation-schema';

/*
 * A translator's work in progress, kept as they type (the screen writes it a moment after each
 * change, as the page's editor does): one slot per user, film and language, an upsert, never a
 * revision, so autosave does not flood the history. Saving a revision empties the user's slot in
 * the revision's transaction (saveTranslation).
 */

type Slot = { slug: string; locale: string; actor: Actor };

const slotOwner = (actor: Actor) => {
  if (!actor.userId) throw new ForbiddenError('Autosave belongs to a user');
  return actor.userId;
};

/** Keeps `texts` (on top of the translation's `baseRevision`) in the user's slot: 400 naming the field, 404 for a language the site lacks. */
export async function saveTranslationAutosave({ slug, locale, actor, ...body }: Slot & TranslationAutosaveBody) {
  assertCan(actor, 'film.edit');
  const userId = slotOwner(actor);
  const parsed = translationAutosaveBodySchema.safeParse(body);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  assertSafeText(parsed.data.texts, ['texts']);
  const { baseRevision, texts } = parsed.data;
  return db().$transaction(async (tx) => {
    const { film, translation } = await findTranslation(tx, slug, locale);
    if (baseRevision > (translation?.latestRevision ?? 0))
      throw ValidationError.field('baseRevision', `The ${locale} translation has no revision ${baseRevision}`);
    const data = { baseRevision, texts };
    const slot = await tx.translationAutosave.upsert({
      where: { userId_filmId_locale: { userId, filmId: film.id, locale } },
      create: { userId, filmId: film.id, locale, ...data },
      update: data,
      select: { updatedAt: true },
    });
    return { savedAt: slot.updatedAt.toISOString(), baseRevision };
  });
}

/** The user's slot for this translation, or null. */
export async function getTranslationAutosave({ slug, locale, actor }: Slot): Promise<TranslationAutosaveSlot | null> {
  assertCan(actor, 'film.read');
  if (!actor.userId) return null;
  const userId = actor.userId;
  const { film } = await findTranslation(db(), slug, locale);
  const slot = await db().translationAutosave.findUnique({ where: { userId_filmId_locale: { userId, filmId: film.id, locale } } });
  // A slot written by an older screen is not offered rather than breaking the screen.
  const parsed = translationAutosaveBodySchema.safeParse(slot);
  return slot && parsed.success ? { ...parsed.data, savedAt: slot.updatedAt.toISOString() } : null;
}

/** Empties the user's slot (they discarded their work in progress, or went back to the saved texts). */
export async function discardTranslationAutosave({ slug, locale, actor }: Slot) {
  assertCan(actor, 'film.edit');
  const userId = slotOwner(actor);
  await db().$transaction(async (tx) => {
    const { film } = await findTranslation(tx, slug, locale);
    await emptyTranslationAutosave(tx, { userId, filmId: film.id, locale });
  });
  return { discarded: true };
}

/** Empties a user's slot in the caller's transaction (a revision saved). */
export function emptyTranslationAutosave(tx: Tx, where: { userId: string; filmId: string; locale: string }) {
  return tx.translationAutosave.deleteMany({ where });
}
