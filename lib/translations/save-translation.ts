import 'server-only';
import { db, type Tx } from '../db';
import { assertCan, can, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { authorIdOf } from '../auth/system-actor';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import { assertSafeText } from '../http/safe-text';
import { readContent } from '../films/revision-store';
import { findTranslation, readTranslationRevision } from './find-translation';
import { emptyTranslationAutosave } from './translation-autosave';
import { checkTranslationTexts, translationUnits } from './translation-units';
import type { SaveTranslationBody } from './translation-schema';
import type { StoredText, StoredTexts } from './translation-state';
import { isQuizUnit } from './unit-key';

export type SaveTranslationInput = SaveTranslationBody & { slug: string; locale: string; actor: Actor };

/**
 * Saves a translation as a new immutable revision on top of `baseRevision`, like a save of the page
 * (compare-and-set: exactly one save per base wins, the others get a 409). Each text is stored with
 * the source text it translates, read from the page's `sourceRevision`, so a later change of the
 * source shows the unit as outdated. A key the source revision does not have is a 400 naming it.
 * Texts only: nothing here can change an item's level, which stays the page's for every language.
 */
export async function saveTranslation({ slug, locale, baseRevision, sourceRevision, texts, message, actor }: SaveTranslationInput) {
  assertCan(actor, 'film.edit');
  assertSafeText(texts, ['texts']);
  assertSafeText(message, ['message']);
  return db().$transaction(async (tx) => {
    const { film, translation } = await findTranslation(tx, slug, locale, 'share');
    if (sourceRevision > film.latestRevision) throw ValidationError.field('sourceRevision', `Film has no revision ${sourceRevision}`);
    const latest = translation?.latestRevision ?? 0;
    if (baseRevision > latest) throw ValidationError.field('baseRevision', `The translation has no revision ${baseRevision}`);

    // A revision retention pruned is no revision: a 400, as for one never saved.
    const source = await tx.revision.findUnique({
      where: { filmId_number: { filmId: film.id, number: sourceRevision } },
      select: { parts: true },
    });
    if (!source) throw ValidationError.field('sourceRevision', `Film has no revision ${sourceRevision}`);
    const content = await readContent(tx, film.id, source.parts);
    const { stored, problems } = checkTranslationTexts(content, texts, 'texts');
    if (problems.length > 0) throw new ValidationError(problems);
    const units = translationUnits(content);

    const written = await writeTranslationRevision(tx, {
      film,
      translationId: translation?.id,
      locale,
      baseRevision,
      stored,
      sourceRevision,
      message,
      actor,
      sourceKeys: new Set(units.map((unit) => unit.key)),
    });
    // Saved: the work in progress is the revision now.
    if (actor.userId) await emptyTranslationAutosave(tx, { userId: actor.userId, filmId: film.id, locale });
    return written;
  });
}

type RevisionToWrite = {
  film: { id: string; slug: string };
  translationId: string | undefined;
  locale: string;
  baseRevision: number;
  stored: StoredTexts;
  sourceRevision: number;
  message: string;
  actor: Actor;
  restoredFrom?: number;
  /** The units of the source revision, when the texts were made from it (a save): the quiz texts carried over are those it still has. */
  sourceKeys?: ReadonlySet<string>;
};

/**
 * Writes the translation's next revision in the caller's transaction: the quiz rule, the
 * compare-and-set on `latestRevision` (409 naming who saved first), the revision and its audit
 * row. A save and a restore both come through here.
 */
export async function writeTranslationRevision(
  tx: Tx,
  { film, translationId, locale, baseRevision, stored, sourceRevision, message, actor, restoredFrom, sourceKeys }: RevisionToWrite,
) {
  // The quiz is the admins' in every language: anyone else's revision carries its translated
  // texts over exactly as the base has them (each with the source text it was made from, so an
  // outdated one stays outdated), but for questions the page no longer has.
  if (!can(actor, 'quiz.edit')) {
    const { texts: before } = await readTranslationRevision(tx, translationId, baseRevision);
    const quizOf = (texts: StoredTexts) => Object.entries(texts).filter(([key]) => isQuizUnit(key) && (!sourceKeys || sourceKeys.has(key)));
    const wordsOf = (entries: Array<[string, StoredText]>) => JSON.stringify(entries.map(([key, { text }]) => [key, text]).sort());
    if (wordsOf(quizOf(stored)) !== wordsOf(quizOf(before))) throw new ForbiddenError('Only admins may change a quiz');
    for (const key of Object.keys(stored)) if (isQuizUnit(key)) delete stored[key];
    Object.assign(stored, Object.fromEntries(quizOf(before)));
  }

  const number = baseRevision + 1;
  // The first save makes the row; ON CONFLICT DO NOTHING, so two first saves at once race on latestRevision below (409), not on the insert.
  await tx.filmTranslation.createMany({ data: [{ filmId: film.id, locale }], skipDuplicates: true });
  const row = await tx.filmTranslation.findUniqueOrThrow({ where: { filmId_locale: { filmId: film.id, locale } }, select: { id: true } });
  const claimed = await tx.filmTranslation.updateMany({
    where: { id: row.id, latestRevision: baseRevision },
    data: { latestRevision: number },
  });
  if (claimed.count === 0) {
    const current = await tx.translationRevision.findFirstOrThrow({
      where: { translationId: row.id },
      orderBy: { number: 'desc' },
      select: { number: true, author: { select: { email: true } } },
    });
    throw new ConflictError(
      `Revision ${baseRevision} of the ${locale} translation is no longer the latest: revision ${current.number} was saved by ${current.author?.email ?? 'someone else'}`,
      { baseRevision, current: { number: current.number, author: current.author?.email ?? null } },
    );
  }
  await tx.translationRevision.create({
    data: { translationId: row.id, number, texts: stored, sourceRevision, message, authorId: authorIdOf(actor) },
  });
  await writeAudit(tx, {
    actor,
    action: 'film.translate',
    filmId: film.id,
    subject: film.slug,
    details: {
      locale,
      revision: number,
      sourceRevision,
      translated: Object.keys(stored).length,
      ...(restoredFrom ? { restoredFrom } : {}),
      ...(message ? { message } : {}),
    },
  });
  return { slug: film.slug, locale, revision: number };
}
