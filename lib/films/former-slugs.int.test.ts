import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import type { FilmContent } from '../content/schema';
import { db } from '../db';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { currentFilmSlug } from '../reader/published-address';
import { countByLevel, parseLevelCounts } from '../spoilers/level-counts';
import { createFilm, publishFilm, saveDraft, unpublishFilm } from '.';

let admin: Actor;
const tag = Date.now().toString(36);
const slugOf = (name: string) => `former-${name}-${tag}`;
// No trivia: the level-counts backfill below is for films published before trivia existed.
const content = (name: string, title = name): FilmContent =>
  sampleFilm({ slug: slugOf(name), title: `Former ${title} ${tag}`, characters: [], trivia: [] });

async function publishNew(name: string) {
  const { revision } = await createFilm({ content: content(name), actor: admin });
  await publishFilm({ slug: slugOf(name), revision: revision.number, actor: admin });
}

/** Saves the film under a new slug and publishes that revision: what an editor's rename does. */
async function rename(from: string, to: string) {
  const film = await db().film.findUniqueOrThrow({ where: { slug: slugOf(from) }, select: { latestRevision: true } });
  const saved = await saveDraft({ slug: slugOf(from), baseRevision: film.latestRevision, content: content(to, from), actor: admin });
  await publishFilm({ slug: saved.slug, revision: saved.revision, actor: admin });
}

beforeAll(async () => {
  admin = await makeActor('ADMIN');
});

describe('former slugs', () => {
  it('send every old address of a renamed film to its address now, not along a chain', async () => {
    await publishNew('first');
    await rename('first', 'second');
    expect(await currentFilmSlug(slugOf('first'))).toBe(slugOf('second'));
    await rename('second', 'third');
    expect(await currentFilmSlug(slugOf('first'))).toBe(slugOf('third'));
    expect(await currentFilmSlug(slugOf('second'))).toBe(slugOf('third'));
    expect(await currentFilmSlug(slugOf('third'))).toBeNull();
    expect(await currentFilmSlug(slugOf('never-was'))).toBeNull();
  });

  it('give an old address to the film published under it later; renaming back frees it', async () => {
    await publishNew('taken');
    await rename('taken', 'moved');
    expect(await currentFilmSlug(slugOf('taken'))).toBe(slugOf('moved'));
    await publishNew('taken');
    // Published again, by another film: it is nobody's former address any more.
    expect(await currentFilmSlug(slugOf('taken'))).toBeNull();
    expect(await db().formerFilmSlug.findUnique({ where: { slug: slugOf('taken') } })).toBeNull();

    await rename('moved', 'back');
    await rename('back', 'moved');
    expect(await db().formerFilmSlug.findUnique({ where: { slug: slugOf('moved') } })).toBeNull();
    expect(await currentFilmSlug(slugOf('back'))).toBe(slugOf('moved'));
  });

  it('lead nowhere once the film is unpublished', async () => {
    await publishNew('gone');
    await rename('gone', 'gone-now');
    await unpublishFilm({ slug: slugOf('gone-now'), actor: admin });
    expect(await currentFilmSlug(slugOf('gone'))).toBeNull();
  });
});

describe('level counts of a published film', () => {
  it('are stored at publish, and the migration computes the same for films published before it', async () => {
    await publishNew('counted');
    const film = await db().publishedFilm.findUniqueOrThrow({
      where: { slug: slugOf('counted') },
      select: { filmId: true, levelCounts: true },
    });
    const expected = countByLevel(content('counted'));
    expect(film.levelCounts).toEqual(expected);

    const migration = readFileSync(
      path.join(import.meta.dirname, '../../prisma/migrations/20261203060000_reader_level_counts_former_slugs/migration.sql'),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('UPDATE "PublishedFilm"')).trim().replace(/;$/u, '');
    await db().publishedFilm.update({ where: { filmId: film.filmId }, data: { levelCounts: {} } });
    await db().$executeRawUnsafe(`${backfill} WHERE f."filmId" = $1`, film.filmId);
    const again = await db().publishedFilm.findUniqueOrThrow({ where: { filmId: film.filmId }, select: { levelCounts: true } });
    // As readers read them: a part added since the migration (trivia) has no key there, and reads as none.
    expect(parseLevelCounts(again.levelCounts)).toEqual(expected);
  });
});
