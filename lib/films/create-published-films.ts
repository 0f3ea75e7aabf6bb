import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ValidationError } from '../errors';
import { auditRow } from '../audit/write-audit';
import type { AuditAction } from '../audit/describe-audit-entry';
import { invalidateFilmPages } from '../cache/invalidate-film-pages';
import { authorIdOf } from '../auth/system-actor';
import { assertQuizEditable } from './assert-quiz-editable';
import { contentHash } from './content-hash';
import { validateContent } from './validate-content';
import { splitIntoSections } from './revision-store';
import { materializePublishedPages, peopleOfPages } from './materialize-published';

/**
 * Creates films and publishes their first revision, many in one transaction: what createFilm then
 * publishFilm store for each (revision blobs, revision 1, the materialised reader tables, search
 * documents, audit rows), written with one statement per table for the whole batch. For the bulk
 * seed, where 10,000 films one by one would take many minutes. All or nothing: a slug already
 * taken refuses the batch.
 */
export async function createPublishedFilms({ contents, actor, message = '' }: { contents: unknown[]; actor: Actor; message?: string }) {
  assertCan(actor, 'film.edit');
  assertCan(actor, 'film.publish');
  const pages = contents.map((input) => validateContent(input));
  for (const content of pages) assertQuizEditable(actor, null, content.quiz);
  if (pages.length === 0) return { slugs: [] as string[] };

  const result = await db().$transaction(
    async (tx) => {
      const slugs = pages.map((c) => c.slug);
      const taken = await tx.film.findMany({ where: { slug: { in: slugs } }, select: { slug: true } });
      if (taken.length > 0 || new Set(slugs).size !== slugs.length)
        throw ValidationError.field(
          'slug',
          `Another film already uses the slug “${taken[0]?.slug ?? slugs.find((s, i) => slugs.indexOf(s) !== i)}”`,
        );
      const films = await tx.film.createManyAndReturn({
        data: pages.map((c) => ({ slug: c.slug, title: c.title, latestRevision: 1 })),
        select: { id: true, slug: true },
      });
      const idOf = new Map(films.map((f) => [f.slug, f.id]));
      const sections = pages.map((content) => ({ filmId: idOf.get(content.slug)!, content, sections: splitIntoSections(content) }));
      await tx.revisionBlob.createMany({
        data: sections.flatMap(({ filmId, sections: s }) =>
          s.map((section) => ({ filmId, hash: section.hash, data: section.data as never })),
        ),
        skipDuplicates: true,
      });
      const revisions = await tx.revision.createManyAndReturn({
        data: sections.map(({ filmId, content, sections: s }) => ({
          filmId,
          number: 1,
          parts: s.map((section) => section.hash),
          contentHash: contentHash(content),
          message,
          source: 'IMPORT' as const,
          authorId: authorIdOf(actor),
        })),
        select: { id: true, filmId: true },
      });
      const { renamedIn } = await materializePublishedPages(
        tx,
        sections.map(({ filmId, content }) => ({ filmId, revisionNumber: 1, content })),
      );
      await tx.$executeRaw`
      UPDATE "Film" f SET "publishedRevisionId" = r.id FROM unnest(${revisions.map((r) => r.filmId)}::text[], ${revisions.map((r) => r.id)}::text[]) AS r("filmId", id)
      WHERE f.id = r."filmId"`;
      const entry = (action: AuditAction, filmId: string, subject: string, details: Record<string, unknown>) =>
        auditRow({ actor, action, filmId, subject, details });
      await tx.auditLog.createMany({
        data: sections.flatMap(({ filmId, content }) => [
          entry('film.create', filmId, content.slug, { revision: 1, source: 'IMPORT' }),
          ...(content.quiz.questions.length > 0
            ? [entry('quiz.save', filmId, content.slug, { revision: 1, questions: content.quiz.questions.length })]
            : []),
          entry('film.publish', filmId, content.slug, { revision: 1 }),
          // As publishFilm: a publish that brings a quiz live is audited as a quiz change too.
          ...(content.quiz.questions.length > 0
            ? [entry('quiz.publish', filmId, content.slug, { revision: 1, questions: content.quiz.questions.length, previousQuestions: 0 })]
            : []),
        ]),
      });
      return { slugs, renamedIn };
      // A batch of 100 pages writes thousands of rows: more than a single publish's 15 s on a busy machine.
    },
    { timeout: 120_000 },
  );
  // New films: no earlier revision credited anyone, so the people are those of these pages.
  await invalidateFilmPages([...result.slugs, ...result.renamedIn], peopleOfPages(pages));
  return { slugs: result.slugs };
}
