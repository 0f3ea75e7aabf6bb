import 'server-only';
import { assertImagesExist } from '../media/assert-images-exist';
import { db, type Tx } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { FilmContent } from '../content/schema';
import { authorIdOf } from '../auth/system-actor';
import { assertQuizEditable } from './assert-quiz-editable';
import { contentHash } from './content-hash';
import { validateContent } from './validate-content';
import { writeQuizAudit } from './write-quiz-audit';
import { readContent, writeContentBlobs } from './revision-store';
import type { RevisionSource } from '../generated/prisma/enums';

export type RevisionSummary = {
  number: number;
  message: string;
  source: RevisionSource;
  author: string | null;
  createdAt: Date;
};

/** What a 409 carries: the newest revision (theirs) and the content the caller tried to save. */
export type SaveConflict = {
  baseRevision: number;
  current: RevisionSummary & { content: FilmContent };
  yours: unknown;
};

export type SaveDraftInput = {
  slug: string;
  /** The revision the edit started from: a newer one means someone else saved first. */
  baseRevision: number;
  content: unknown;
  actor: Actor;
  message?: string;
  source?: Extract<RevisionSource, 'SAVE' | 'RESTORE'>;
  restoredFrom?: number;
};

export async function loadRevision(tx: Tx, filmId: string, number: number) {
  return tx.revision.findUnique({
    where: { filmId_number: { filmId, number } },
    include: { author: { select: { email: true } } },
  });
}

export function summarizeRevision(r: {
  number: number;
  message: string;
  source: RevisionSource;
  createdAt: Date;
  author: { email: string } | null;
}): RevisionSummary {
  return { number: r.number, message: r.message, source: r.source, author: r.author?.email ?? null, createdAt: r.createdAt };
}

/**
 * Saves the whole page as a new immutable revision on top of `baseRevision`. The compare-and-set on
 * Film.latestRevision makes concurrent saves safe without locks: exactly one save per base wins,
 * every other one gets a 409 carrying both sides, and nothing is ever overwritten.
 */
export async function saveDraft(input: SaveDraftInput) {
  const { slug, baseRevision, actor, message = '', source = 'SAVE', restoredFrom } = input;
  assertCan(actor, 'film.edit');
  const content = validateContent(input.content);
  if (!Number.isInteger(baseRevision) || baseRevision < 1) throw ValidationError.field('baseRevision', 'Must be a revision number');

  return db().$transaction(async (tx) => {
    await assertImagesExist(tx, content);
    const film = await tx.film.findUnique({ where: { slug }, select: { id: true, slug: true, latestRevision: true } });
    if (!film) throw new NotFoundError(`No film “${slug}”`);
    if (baseRevision > film.latestRevision) throw ValidationError.field('baseRevision', `Film has no revision ${baseRevision}`);

    const base = await loadRevision(tx, film.id, baseRevision);
    const changesQuiz = assertQuizEditable(actor, base ? (await readContent(tx, film.id, base.parts)).quiz : null, content.quiz);

    if (content.slug !== film.slug) {
      const taken = await tx.film.findUnique({ where: { slug: content.slug }, select: { id: true } });
      const takenOnSite = await tx.publishedFilm.findUnique({ where: { slug: content.slug }, select: { filmId: true } });
      if (taken || (takenOnSite && takenOnSite.filmId !== film.id))
        throw ValidationError.field('slug', `Another film already uses the slug “${content.slug}”`);
    }

    const number = baseRevision + 1;
    const claimed = await tx.film.updateMany({
      where: { id: film.id, latestRevision: baseRevision },
      data: { latestRevision: number, title: content.title, slug: content.slug },
    });
    if (claimed.count === 0) {
      const latest = await tx.film.findUniqueOrThrow({ where: { id: film.id }, select: { latestRevision: true } });
      const current = (await loadRevision(tx, film.id, latest.latestRevision))!;
      throw new ConflictError<SaveConflict>(
        `Revision ${baseRevision} is no longer the latest: revision ${current.number} was saved by ${current.author?.email ?? 'someone else'}`,
        {
          baseRevision,
          current: { ...summarizeRevision(current), content: await readContent(tx, film.id, current.parts) },
          yours: content,
        },
      );
    }

    const revision = await tx.revision.create({
      data: {
        filmId: film.id,
        number,
        parts: await writeContentBlobs(tx, film.id, content),
        contentHash: contentHash(content),
        message,
        source,
        restoredFrom: restoredFrom ?? null,
        authorId: authorIdOf(actor),
      },
    });
    // A saved revision supersedes this user's autosave slot for the film.
    if (actor.via === 'session') await tx.autosave.deleteMany({ where: { filmId: film.id, userId: actor.userId } });
    await writeAudit(tx, {
      actor,
      action: source === 'RESTORE' ? 'film.restore' : 'film.save',
      filmId: film.id,
      subject: content.slug,
      details: { revision: number, ...(restoredFrom ? { restoredFrom } : {}), ...(message ? { message } : {}) },
    });
    // Quiz changes are audited on their own (docs/product.md, "Roles"), whichever screen or call made them.
    if (changesQuiz) await writeQuizAudit(tx, actor, film.id, content, number);
    return { revision: revision.number, slug: content.slug, content };
  });
}
