import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ValidationError } from '../errors';
import { slugSchema } from '../content/schema';
import type { SlugTakenDetails } from './import-film';

const MAX_LENGTH = 120;

/**
 * Whether an import's address is free, asked as soon as the page is read (the import page), and
 * when it is taken, by which film and the first free `{slug}-N` to use instead. Creating the draft
 * checks again (importFilm, then createFilm's transaction), so this only saves a refused click.
 */
export async function checkImportSlug({
  slug,
  actor,
}: {
  slug: string;
  actor: Actor | null;
}): Promise<{ slug: string; taken: SlugTakenDetails['existing'] | null; free: string | null }> {
  assertCan(actor, 'film.edit');
  const parsed = slugSchema.safeParse(slug);
  if (!parsed.success) throw ValidationError.field('slug', parsed.error.issues[0]?.message ?? 'Not a valid address');
  const wanted = parsed.data;
  const existing = await db().film.findUnique({ where: { slug: wanted }, select: { slug: true, title: true } });
  if (!existing) return { slug: wanted, taken: null, free: null };
  return { slug: wanted, taken: { ...existing, editorUrl: `/editor/films/${existing.slug}` }, free: await freeSlugLike(wanted) };
}

/** The first of `{base}-2`, `{base}-3`… no film uses (the base without a number it already ends in). */
export async function freeSlugLike(slug: string): Promise<string | null> {
  const base = slug.replace(/-\d+$/u, '');
  for (let from = 2; from < 1000; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => `${base.slice(0, MAX_LENGTH - String(from + i).length - 1)}-${from + i}`);
    const used = new Set((await db().film.findMany({ where: { slug: { in: candidates } }, select: { slug: true } })).map((f) => f.slug));
    const free = candidates.find((candidate) => !used.has(candidate));
    if (free) return free;
  }
  return null;
}
