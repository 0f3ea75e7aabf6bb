import { createPublishedFilms } from '../../lib/films';
import { systemActor } from '../../lib/auth/system-actor';
import { ensureUser } from '../../lib/users/ensure-user';
import { db } from '../../lib/db';
import type { FilmContent } from '../../lib/content/schema';
import { generateFilm } from './generate-film';
import { generateTranslation } from './generate-translation';
import { translationLocales } from '../../lib/i18n/site-locales';
import { saveTranslation } from '../../lib/translations/save-translation';
import { publishTranslation } from '../../lib/translations/publish-translation';

const SEED_EMAIL = 'seed-bulk@example.com';
const BATCH = 100;

/**
 * The site's languages the generated translations are written in (generate-translation.ts writes
 * French): `fr`, `fr-CA`…, those of SITE_LOCALES.
 */
export const generatedTranslationLocales = () => translationLocales().filter((locale) => locale.split('-')[0] === 'fr');

/**
 * Creates and publishes generated films 0 … films-1 (skipping slugs already there) in batches of
 * 100 per transaction (createPublishedFilms), two batches at a time; with `translateEvery` K, film
 * 0, K, 2K… also gets a published French translation (every text but the quiz's) in each French
 * language of the site, saved and published as an editor does. Also used by the scale benchmark.
 */
export async function seedBulk({
  films,
  translateEvery = 0,
  onProgress,
}: {
  films: number;
  translateEvery?: number;
  onProgress?: (done: number) => void;
}) {
  // The films' author: an editor account whose password is random and never shown.
  const user = await ensureUser({ email: SEED_EMAIL, password: crypto.randomUUID(), role: 'EDITOR', name: 'Bulk seed' });
  const actor = systemActor(`${SEED_EMAIL} (seed:bulk)`, user.id);
  const existing = new Set((await db().film.findMany({ select: { slug: true } })).map((f) => f.slug));
  let next = 0;
  let done = 0;
  let created = 0;
  let translated = 0;
  const locales = translateEvery > 0 ? generatedTranslationLocales() : [];
  // Translations already there (an interrupted run's): saved (false) or also published (true).
  const translations = new Map(
    (
      await db().filmTranslation.findMany({
        where: { locale: { in: locales } },
        select: { locale: true, publishedRevision: true, film: { select: { slug: true } } },
      })
    ).map((t) => [`${t.film.slug} ${t.locale}`, t.publishedRevision !== null]),
  );
  const translate = async (n: number, content: FilmContent) => {
    const texts = generateTranslation(content, n);
    const message = 'Generated (seed:bulk)';
    for (const locale of locales) {
      const published = translations.get(`${content.slug} ${locale}`);
      if (published) continue;
      if (published === undefined)
        await saveTranslation({ slug: content.slug, locale, baseRevision: 0, sourceRevision: 1, texts, message, actor });
      await publishTranslation({ slug: content.slug, locale, revision: 1, actor });
      translated += 1;
    }
  };
  const worker = async () => {
    while (next < films) {
      const numbers = Array.from({ length: Math.min(BATCH, films - next) }, (_, i) => next + i);
      next += numbers.length;
      const generated = numbers.map((n) => ({ n, content: generateFilm(n, films) }));
      const contents = generated.map(({ content }) => content).filter((content) => !existing.has(content.slug));
      await withDeadlockRetry(() => createPublishedFilms({ contents, actor, message: 'Generated (seed:bulk)' }));
      created += contents.length;
      // Every K-th film, also one an interrupted run created without (all of) its translations.
      for (const { n, content } of generated) if (translateEvery > 0 && n % translateEvery === 0) await translate(n, content);
      done += numbers.length;
      onProgress?.(done);
    }
  };
  // Two writers: one generates pages while the other waits for PostgreSQL.
  await Promise.all([worker(), worker()]);
  return { created, translated };
}

/**
 * Runs a batch again when PostgreSQL chose it as a deadlock's victim (40P01): its transaction was
 * rolled back whole, so running it again is the same batch. The two writers share a pool of actors.
 */
async function withDeadlockRetry<T>(batch: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await batch();
    } catch (error) {
      if (attempt >= attempts || !String(error instanceof Error ? error.message : error).includes('40P01')) throw error;
    }
  }
}
