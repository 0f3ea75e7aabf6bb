import 'server-only';
import { z } from 'zod';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError } from '../errors';
import { slugSchema } from '../content/schema';
import { revisionNumberSchema } from '../films/film-schema';

/**
 * Spoiler-lint warnings an editor dismissed (docs/spoiler-suggestions.md, "The lint"): one click
 * in the workspace, remembered for the film from the revision it was dismissed on, so the
 * workspace and the question before publishing leave it out from then on. A warning is known by
 * its item (id, or path for the setting and kind values) and the phrase that triggered it
 * (`lintWarningKey`): the same item warning about another phrase is a new warning.
 */

export const dismissLintInputSchema = z.object({
  slug: slugSchema,
  revision: revisionNumberSchema,
  key: z.string().trim().min(1, 'Name the warning').max(600),
  /** For the history: the item's label and the phrase, as the editor saw them. */
  label: z.string().max(300).default(''),
  phrase: z.string().max(500).default(''),
});

/** A dismissed warning: its key and the revision it holds from. */
export type LintDismissal = { key: string; revision: number };

export async function dismissLintWarning({
  slug,
  revision,
  key,
  label,
  phrase,
  actor,
}: z.output<typeof dismissLintInputSchema> & { actor: Actor }): Promise<LintDismissal> {
  assertCan(actor, 'film.edit');
  const film = await db().film.findUnique({ where: { slug }, select: { id: true, latestRevision: true } });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  if (revision > film.latestRevision) throw new NotFoundError(`No revision ${revision} of “${slug}”`);
  return db().$transaction(async (tx) => {
    // Dismissed again on a later revision: the earlier one stands (it already holds from there).
    const row = await tx.lintDismissal.upsert({
      where: { filmId_key: { filmId: film.id, key } },
      create: { filmId: film.id, key, revision, dismissedById: actor.userId || null },
      update: {},
      select: { key: true, revision: true },
    });
    await writeAudit(tx, { actor, action: 'film.lint-dismiss', filmId: film.id, subject: slug, details: { revision, key, label, phrase } });
    return row;
  });
}

/** A film's dismissed warnings, each with the revision it holds from. */
export async function listLintDismissals({ filmId, actor }: { filmId: string; actor: Actor }): Promise<LintDismissal[]> {
  assertCan(actor, 'film.read');
  return db().lintDismissal.findMany({ where: { filmId }, select: { key: true, revision: true }, orderBy: { createdAt: 'asc' } });
}
