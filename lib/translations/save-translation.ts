import 'server-only';
import { db } from '../db';
import { assertCan, can, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { authorIdOf } from '../auth/system-actor';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import { assertSafeText } from '../http/safe-text';
import { readContent } from '../films/revision-store';
import { findTranslation, readTranslationRevision } from './find-translation';
import { translationUnits } from './translation-units';
import type { SaveTranslationBody } from './translation-schema';
import type { StoredTexts } from './translation-state';

const isQuizUnit = (key: string) => key.startsWith('quiz.');

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
    const { film, translation } = await findTranslation(tx, slug, locale);
    if (sourceRevision > film.latestRevision) throw ValidationError.field('sourceRevision', `Film has no revision ${sourceRevision}`);
    const latest = translation?.latestRevision ?? 0;
    if (baseRevision > latest) throw ValidationError.field('baseRevision', `The translation has no revision ${baseRevision}`);

    const source = await tx.revision.findUniqueOrThrow({
      where: { filmId_number: { filmId: film.id, number: sourceRevision } },
      select: { parts: true },
    });
    const sourceTexts = new Map(translationUnits(await readContent(tx, film.id, source.parts)).map((unit) => [unit.key, unit.source]));
    const stored: StoredTexts = {};
    for (const [key, text] of Object.entries(texts)) {
      const from = sourceTexts.get(key);
      if (from === undefined)
        throw ValidationError.field(`texts.${key}`, `Revision ${sourceRevision} of the page has no text “${key}” to translate`);
      if (text !== '') stored[key] = { text, from };
    }

    // The quiz is the admins' in every language: anyone else's save carries its translated texts over unchanged.
    if (!can(actor, 'quiz.edit')) {
      const { texts: before } = await readTranslationRevision(tx, translation?.id, baseRevision);
      const quizTexts = (texts: StoredTexts) =>
        JSON.stringify(
          Object.entries(texts)
            .filter(([key]) => isQuizUnit(key))
            .map(([key, { text }]) => [key, text])
            .sort(),
        );
      if (quizTexts(stored) !== quizTexts(before)) throw new ForbiddenError('Only admins may change a quiz');
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
      details: { locale, revision: number, sourceRevision, translated: Object.keys(stored).length, ...(message ? { message } : {}) },
    });
    return { slug: film.slug, locale, revision: number };
  });
}
