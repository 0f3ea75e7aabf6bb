import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError, ValidationError } from '../errors';
import { listEnvelope, type ListEnvelope, type ListPage } from '../api/list';
import { findTranslation, readTranslationRevision } from './find-translation';
import { writeTranslationRevision } from './save-translation';
import type { TranslationComparison, TranslationRevisionSummary } from './translation-schema';
import { translationUnits } from './translation-units';
import { readContent } from '../films/revision-store';
import { localeName } from '../i18n/locale-name';

/** A translation's revisions, newest first, without their texts. */
export async function listTranslationRevisions({
  slug,
  locale,
  page,
  pageSize,
  actor,
}: ListPage & { slug: string; locale: string; actor: Actor }): Promise<ListEnvelope<TranslationRevisionSummary>> {
  assertCan(actor, 'film.read');
  const { translation } = await findTranslation(db(), slug, locale);
  if (!translation) return listEnvelope([], { page, pageSize }, 0);
  const [rows, total] = await Promise.all([
    db().translationRevision.findMany({
      where: { translationId: translation.id },
      orderBy: { number: 'desc' },
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: { number: true, sourceRevision: true, texts: true, message: true, createdAt: true, author: { select: { email: true } } },
    }),
    db().translationRevision.count({ where: { translationId: translation.id } }),
  ]);
  const items = rows.map((row) => ({
    number: row.number,
    sourceRevision: row.sourceRevision,
    translated: Object.keys(row.texts as object).length,
    message: row.message,
    author: row.author?.email ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return listEnvelope(items, { page, pageSize }, total);
}

/**
 * Restores revision `number` as the translation's next revision (nothing is lost: the newer ones
 * stay), with each text and the source text it was made from as they were, so the units the page
 * changed since show as outdated. A save like any other: `baseRevision` must be the newest (409).
 */
export async function restoreTranslationRevision({
  slug,
  locale,
  number,
  baseRevision,
  actor,
}: {
  slug: string;
  locale: string;
  number: number;
  baseRevision: number;
  actor: Actor;
}) {
  assertCan(actor, 'film.edit');
  return db().$transaction(async (tx) => {
    const { film, translation } = await findTranslation(tx, slug, locale, 'share');
    if (!translation || number > translation.latestRevision)
      throw new NotFoundError(`The ${locale} translation of “${slug}” has no revision ${number}`);
    if (baseRevision > translation.latestRevision)
      throw ValidationError.field('baseRevision', `The translation has no revision ${baseRevision}`);
    const { texts, sourceRevision } = await readTranslationRevision(tx, translation.id, number);
    return writeTranslationRevision(tx, {
      film,
      translationId: translation.id,
      locale,
      baseRevision,
      stored: texts,
      sourceRevision: sourceRevision!,
      message: `Restored revision ${number}`,
      actor,
      restoredFrom: number,
    });
  });
}

/**
 * What changed in a translation between two of its revisions: each text added, removed or changed,
 * in the page's order (labelled as the page's newest revision names it), then texts of items the
 * page no longer has (by key). 404 for a revision the translation does not have.
 */
export async function compareTranslationRevisions({
  slug,
  locale,
  from,
  to,
  actor,
}: {
  slug: string;
  locale: string;
  from: number;
  to: number;
  actor: Actor;
}): Promise<TranslationComparison> {
  assertCan(actor, 'film.read');
  const { film, translation } = await findTranslation(db(), slug, locale);
  for (const number of [from, to])
    if (!translation || number > translation.latestRevision)
      throw new NotFoundError(`The ${locale} translation of “${slug}” has no revision ${number}`);
  const [before, after, page] = await Promise.all([
    readTranslationRevision(db(), translation!.id, from),
    readTranslationRevision(db(), translation!.id, to),
    db().revision.findUniqueOrThrow({
      where: { filmId_number: { filmId: film.id, number: film.latestRevision } },
      select: { parts: true },
    }),
  ]);
  const units = new Map(translationUnits(await readContent(db(), film.id, page.parts)).map((unit) => [unit.key, unit]));
  const gone = [...new Set([...Object.keys(before.texts), ...Object.keys(after.texts)])].filter((key) => !units.has(key)).sort();
  const changes = [...units.keys(), ...gone].flatMap((key) => {
    const [was, now] = [before.texts[key]?.text ?? null, after.texts[key]?.text ?? null];
    if (was === now) return [];
    const change = was === null ? ('added' as const) : now === null ? ('removed' as const) : ('changed' as const);
    return [{ key, label: units.get(key)?.label ?? key, change, before: was, after: now }];
  });
  return { slug: film.slug, locale, language: localeName(locale), from, to, changes };
}
