import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { currentTexts, type StoredTexts } from './translation-state';
import { translationLocales } from '../i18n/site-locales';

/**
 * A film's translations for its JSON export: per language, the newest revision's texts that are
 * up to date with `content` (the exported revision), by unit key. Outdated and missing units are
 * left out, so importing the file never passes an old translation off as current.
 */
export async function exportTranslations({
  slug,
  content,
  actor,
}: {
  slug: string;
  content: FilmContent;
  actor: Actor;
}): Promise<Record<string, Record<string, string>>> {
  assertCan(actor, 'film.read');
  const translations = await db().filmTranslation.findMany({
    // The site's languages only: a file the site exports, the site imports.
    where: { film: { slug }, locale: { in: [...translationLocales()] } },
    orderBy: { locale: 'asc' },
    select: { locale: true, revisions: { orderBy: { number: 'desc' }, take: 1, select: { texts: true } } },
  });
  return Object.fromEntries(
    translations.flatMap(({ locale, revisions: [latest] }) =>
      latest ? [[locale, currentTexts(content, latest.texts as StoredTexts)]] : [],
    ),
  );
}
