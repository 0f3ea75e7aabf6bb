import 'server-only';
import { freeSlugLike } from './check-import-slug';
import { assertCan, can, type Actor } from '../auth/permissions';
import { slugSchema } from '../content/schema';
import { db } from '../db';
import { ConflictError, ValidationError } from '../errors';
import { createFilm, publishFilm } from '../films';
import { withSuggestedLevels } from '../story-position/suggest-levels';
import type { ImportLevels } from '../films/film-schema';
import { siteLocales, translationLocales } from '../i18n/site-locales';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation } from '../translations/publish-translation';
import { translationUnits } from '../translations/translation-units';
import { assertSafeText } from '../http/safe-text';
import { importText, MAX_PAGE_CHARS, withoutQuizFor, type ImportError, type ImportFormat, type PageWarning } from './index';

export type ImportFilmInput = {
  /** A page in the page format, or an exported JSON object. */
  text: string;
  actor: Actor;
  /** Another slug than the page's own (when the page's slug is taken). */
  slug?: string;
  /** Publish the new draft's revision 1 as well (the CLI's --publish); needs film.publish. */
  publish?: boolean;
  /** page (default): the levels the page marks; suggested: every item at the level its story suggests. */
  levels?: ImportLevels;
};

export type ImportedFilm = {
  slug: string;
  title: string;
  revision: number;
  format: ImportFormat;
  published: boolean;
  levels: ImportLevels;
  warnings: PageWarning[];
  /** The languages a JSON export's translations were imported in, each as its revision 1. */
  translations: string[];
};

/** What a 409 names when the page's address is taken: the film there, and where to edit it. */
export type SlugTakenDetails = { field: 'slug'; existing: { slug: string; title: string; editorUrl: string }; free?: string | null };

/**
 * The one way in for every importer (CLI, editor page, API): a page → a new film whose revision 1
 * is the page, never published unless asked. What could not be placed comes back as warnings.
 * An editor's import leaves the quiz out (quizzes are admin-only) and says so in a warning.
 */
export async function importFilm({ text, actor, slug, publish = false, levels = 'page' }: ImportFilmInput): Promise<ImportedFilm> {
  assertCan(actor, 'film.edit');
  if (publish) assertCan(actor, 'film.publish');
  if (text.trim() === '') throw ValidationError.field('text', 'The page is empty');
  if (text.length > MAX_PAGE_CHARS)
    throw ValidationError.field('text', `The page is too large (at most ${MAX_PAGE_CHARS.toLocaleString('en')} characters)`);

  const imported = importText(text);
  if (!imported.ok) throw new ValidationError(imported.errors.map(toFieldError));
  const prepared = withoutQuizFor(can(actor, 'quiz.edit'), imported);
  const { warnings } = prepared;
  // Suggested after the quiz is settled: a question left out must not count as what the page names.
  const content = levels === 'suggested' ? withSuggestedLevels(prepared.content) : prepared.content;
  if (slug !== undefined && slug.trim() !== '') {
    const chosen = slugSchema.safeParse(slug);
    if (!chosen.success) throw ValidationError.field('slug', chosen.error.issues[0]?.message ?? 'Not a valid address');
    content.slug = chosen.data;
  }
  // A taken address is a conflict with that film, not a fault of the page: say which film, so the
  // importer can open it or choose another address (createFilm still refuses a race in its transaction).
  const existing = await db().film.findUnique({ where: { slug: content.slug }, select: { slug: true, title: true } });
  if (existing) {
    throw new ConflictError<SlugTakenDetails>(
      `Another film already uses the address “${existing.slug}”: “${existing.title}”. Import it under another address.`,
      {
        field: 'slug',
        existing: { ...existing, editorUrl: `/editor/films/${existing.slug}` },
        free: await freeSlugLike(existing.slug),
      },
    );
  }

  // A JSON export's translations: into the site's languages only, safe text, said before anything is written.
  assertSafeText(imported.translations ?? {}, ['translations']);
  const translations = Object.entries(imported.translations ?? {});
  const languages = translationLocales();
  for (const [locale] of translations)
    if (!languages.includes(locale))
      throw ValidationError.field(
        `translations.${locale}`,
        `The site is not translated into “${locale}” (SITE_LOCALES: ${siteLocales().join(', ')})`,
      );

  const created = await createFilm({
    content,
    actor,
    source: 'IMPORT',
    message: levels === 'suggested' ? 'Imported, with suggested spoiler levels' : 'Imported',
  });
  if (publish) await publishFilm({ slug: created.film.slug, revision: created.revision.number, actor });
  // Each translation as its revision 1, made from the page's revision 1 (the texts of a quiz left out go with it).
  const keys = new Set(translationUnits(content).map((unit) => unit.key));
  for (const [locale, texts] of translations) {
    const kept = Object.fromEntries(Object.entries(texts).filter(([key]) => keys.has(key)));
    const saved = await saveTranslation({
      slug: created.film.slug,
      locale,
      baseRevision: 0,
      sourceRevision: created.revision.number,
      texts: kept,
      message: 'Imported',
      actor,
    });
    if (publish) await publishTranslation({ slug: created.film.slug, locale, revision: saved.revision, actor });
  }
  return {
    slug: created.film.slug,
    title: created.film.title,
    revision: created.revision.number,
    format: imported.format,
    published: publish,
    levels,
    warnings,
    translations: translations.map(([locale]) => locale),
  };
}

/** Import errors as the field errors every API answers with: a page line, a JSON path, or the text. */
export const toFieldError = (error: ImportError) => ({
  path: error.path ?? (error.line ? `line ${error.line}` : 'text'),
  message: error.message,
});
