/**
 * `npm run seed:demo`: the demo film (Kiss and Cry, from prisma/demo/*.page.txt, through the page
 * importer) with its poster and stills (prisma/demo/images: drawn for the demo as SVG, rendered to
 * PNG and uploaded like an editor's upload), its people's biographies (prisma/demo/*.people.json,
 * set like an editor's save), its translations (prisma/demo/*.translation.json, saved like an
 * editor's, into the languages SITE_LOCALES names), and the demo accounts. Idempotent: existing accounts
 * and films are left as they are. Demo accounts exist only through this command or `npm start` on
 * the embedded database.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { parsePage } from '../lib/page-format';
import type { FilmContent } from '../lib/content/schema';
import { posterSchema, stillSchema } from '../lib/page/parts/images';
import { uploadImage } from '../lib/media/upload-image';
import type { Actor } from '../lib/auth/permissions';
import { createFilm, publishFilm } from '../lib/films';
import { systemActor } from '../lib/auth/system-actor';
import { ensureUser } from '../lib/users/ensure-user';
import { biographyParagraphsSchema } from '../lib/people/person-schema';
import { setPersonBiography } from '../lib/people/set-person-biography';
import { db, disconnectDb } from '../lib/db';
import { translationLocales } from '../lib/i18n/site-locales';
import { getTranslation } from '../lib/translations/get-translation';
import { saveTranslation } from '../lib/translations/save-translation';
import { publishTranslation } from '../lib/translations/publish-translation';
import { env } from '../lib/env';
import { runShutdownHooks } from '../lib/ops/shutdown.mjs';

const DEMO_DIR = path.join(import.meta.dirname, '..', 'prisma', 'demo');
const IMAGES_DIR = path.join(DEMO_DIR, 'images');

/** prisma/demo/images/{slug}.images.json: which drawing is the poster and which the stills, with their words and levels. */
const imageListSchema = z.object({
  slug: z.string(),
  poster: posterSchema.omit({ image: true }).extend({ file: z.string() }).nullable().default(null),
  stills: z.array(stillSchema.omit({ image: true }).extend({ file: z.string() })).default([]),
});

/** Uploads a drawing (SVG rendered to PNG: the upload path takes raster images) and returns its image id. */
async function uploadDrawing(file: string, actor: Actor): Promise<string> {
  const png = await sharp(await readFile(path.join(IMAGES_DIR, file)))
    .png()
    .toBuffer();
  return (await uploadImage({ actor, data: png, fileName: file.replace(/\.svg$/u, '.png') })).asset.id;
}

/** The page with the images its list names (none when there is no list for its slug). */
async function withDemoImages(content: FilmContent, actor: Actor): Promise<FilmContent> {
  const listFile = path.join(IMAGES_DIR, `${content.slug}.images.json`);
  const text = await readFile(listFile, 'utf8').catch(() => null);
  if (text === null) return content;
  const list = imageListSchema.parse(JSON.parse(text));
  const poster = list.poster && { image: await uploadDrawing(list.poster.file, actor), alt: list.poster.alt, spoiler: list.poster.spoiler };
  const stills = [];
  for (const { file, ...still } of list.stills) stills.push({ ...still, image: await uploadDrawing(file, actor) });
  return { ...content, poster, stills };
}

/** prisma/demo/{slug}.people.json: biographies of the film's people, each paragraph at its level. */
const peopleListSchema = z.object({
  film: z.string(),
  people: z.array(z.object({ slug: z.string(), paragraphs: biographyParagraphsSchema })),
});

/** Gives the demo people their biographies; a person who has one already (an editor's) keeps it. */
async function seedBiographies(actor: Actor) {
  for (const file of (await readdir(DEMO_DIR)).filter((f) => f.endsWith('.people.json')).sort()) {
    const list = peopleListSchema.parse(JSON.parse(await readFile(path.join(DEMO_DIR, file), 'utf8')));
    for (const { slug, paragraphs } of list.people) {
      const person = await db().person.findUnique({ where: { slug }, select: { id: true } });
      if (!person) throw new Error(`${file}: no person ${slug} (is ${list.film} published?)`);
      if ((await db().personBioParagraph.count({ where: { slug } })) > 0) continue;
      await setPersonBiography(actor, { slug, paragraphs });
      console.log(`demo person ${slug}: a biography of ${paragraphs.length} paragraph${paragraphs.length === 1 ? '' : 's'}`);
    }
  }
}

/** prisma/demo/{slug}.{locale}.translation.json: a translation of a demo film, unit by unit (lib/translations). */
const translationFileSchema = z.object({
  film: z.string(),
  locale: z.string(),
  note: z.string().default(''),
  texts: z.record(z.string(), z.string()),
});

/** Saves and publishes the demo's translations into the site's other languages; one that has a revision already (an editor's) is kept. */
async function seedTranslations(actor: Actor) {
  for (const file of (await readdir(DEMO_DIR)).filter((f) => f.endsWith('.translation.json')).sort()) {
    const { film, locale, note, texts } = translationFileSchema.parse(JSON.parse(await readFile(path.join(DEMO_DIR, file), 'utf8')));
    if (!translationLocales().includes(locale)) {
      console.log(`demo translation ${film} (${locale}): not loaded, SITE_LOCALES does not name ${locale}`);
      continue;
    }
    const current = await getTranslation({ slug: film, locale, actor });
    if (current.revision > 0) continue;
    const { revision } = await saveTranslation({
      slug: film,
      locale,
      baseRevision: 0,
      sourceRevision: current.sourceRevision,
      texts,
      message: note,
      actor,
    });
    await publishTranslation({ slug: film, locale, revision, actor });
    console.log(`demo translation ${film} (${locale}): ${Object.keys(texts).length} of ${current.counts.units} texts, published`);
  }
}

async function main() {
  const password = env().DEMO_PASSWORD;
  const admin = await ensureUser({ email: 'admin@example.com', password, role: 'ADMIN', name: 'Demo Admin' });
  await ensureUser({ email: 'editor@example.com', password, role: 'EDITOR', name: 'Demo Editor' });
  // The review workflow's writer: saves drafts and submits them; an editor approves.
  await ensureUser({ email: 'writer@example.com', password, role: 'WRITER', name: 'Demo Writer' });
  const actor = systemActor('admin@example.com (seed)', admin.id);

  for (const file of (await readdir(DEMO_DIR)).filter((f) => f.endsWith('.page.txt')).sort()) {
    const { content, warnings } = parsePage(await readFile(path.join(DEMO_DIR, file), 'utf8'));
    if (warnings.length > 0) throw new Error(`${file}: ${warnings.map((w) => `line ${w.line}: ${w.message}`).join('; ')}`);
    const existing = await db().film.findUnique({
      where: { slug: content.slug },
      select: { latestRevision: true, publishedRevisionId: true },
    });
    if (existing?.publishedRevisionId) {
      console.log(`demo film ${content.slug}: already there`);
      continue;
    }
    // A film left unpublished by an interrupted earlier run is published, not created twice.
    const revision = existing
      ? existing.latestRevision
      : (await createFilm({ content: await withDemoImages(content, actor), actor, message: 'Demo content', source: 'IMPORT' })).revision
          .number;
    await publishFilm({ slug: content.slug, revision, actor });
    console.log(`demo film ${content.slug}: published (revision ${revision})`);
  }
  await seedBiographies(actor);
  await seedTranslations(actor);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  // Every connection the run opened (the database pools, Redis for the page cache), or the
  // process would not exit when REDIS_URL is set.
  .finally(() => disconnectDb().then(() => runShutdownHooks({ timeoutMs: 5_000 })));
