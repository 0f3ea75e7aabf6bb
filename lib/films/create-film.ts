import 'server-only';
import { assertImagesExist } from '../media/assert-images-exist';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ValidationError } from '../errors';
import { authorIdOf } from '../auth/system-actor';
import { assertQuizEditable } from './assert-quiz-editable';
import { contentHash } from './content-hash';
import { validateContent } from './validate-content';
import { writeQuizAudit } from './write-quiz-audit';
import { writeContentBlobs } from './revision-store';
import type { RevisionSource } from '../generated/prisma/enums';

export type CreateFilmInput = { content: unknown; actor: Actor; message?: string; source?: Extract<RevisionSource, 'CREATE' | 'IMPORT'> };

/** Creates a film as a draft with its first revision. Never publishes. */
export async function createFilm({ content: input, actor, message = '', source = 'CREATE' }: CreateFilmInput) {
  assertCan(actor, 'film.edit');
  const content = validateContent(input);
  const withQuiz = assertQuizEditable(actor, null, content.quiz);

  return db().$transaction(async (tx) => {
    await assertImagesExist(tx, content);
    const taken = await tx.film.findUnique({ where: { slug: content.slug }, select: { id: true } });
    if (taken) throw ValidationError.field('slug', `Another film already uses the slug “${content.slug}”`);
    const film = await tx.film.create({ data: { slug: content.slug, title: content.title, latestRevision: 1 } });
    const revision = await tx.revision.create({
      data: {
        filmId: film.id,
        number: 1,
        parts: await writeContentBlobs(tx, film.id, content),
        contentHash: contentHash(content),
        message,
        source,
        authorId: authorIdOf(actor),
      },
    });
    await writeAudit(tx, { actor, action: 'film.create', filmId: film.id, subject: content.slug, details: { revision: 1, source } });
    if (withQuiz) await writeQuizAudit(tx, actor, film.id, content, 1);
    return { film, revision, content };
  });
}
