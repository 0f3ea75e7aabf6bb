import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { ForbiddenError, ValidationError } from '../errors';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { getPublishedFilm } from '../reader/get-published-film';
import { getFilmStatus } from './list-editor-films';
import { createFilm, createPublishedFilms, publishFilm, unpublishFilm } from '.';
import { PAGE_SECTIONS } from '../page/parts';

let admin: Actor;
let editor: Actor;
const run = Date.now().toString(36);
const page = (name: string, person = `${name}-actor`) =>
  sampleFilm({
    slug: `bulk-${run}-${name}`,
    title: `Bulk ${name}`,
    characters: [
      { ...sampleFilm().characters[0], playedBy: { name: `Actor ${person}`, slug: `actor-${run}-${person}` } },
      sampleFilm().characters[1],
    ],
  });

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('createPublishedFilms', () => {
  it('stores each film as createFilm then publishFilm would', async () => {
    const one = page('one');
    await createFilm({ content: one, actor: admin });
    await publishFilm({ slug: one.slug, revision: 1, actor: admin });
    const [two, three] = [page('two'), page('three', 'one-actor')];
    expect(await createPublishedFilms({ contents: [two, three], actor: admin })).toEqual({ slugs: [two.slug, three.slug] });

    for (const level of ['none', 'light', 'full'] as const) {
      const single = await getPublishedFilm(one.slug, level);
      const bulk = await getPublishedFilm(two.slug, level);
      expect({ ...bulk, slug: one.slug, title: one.title, cast: bulk?.cast.map((p) => p.name) }).toEqual({
        ...single,
        title: one.title,
        cast: single?.cast.map((p) => p.name.replace('one', 'two')),
        characters: bulk?.characters,
      });
    }
    const filmOf = async (slug: string) => db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    for (const content of [one, two]) {
      const { id } = await filmOf(content.slug);
      expect(await getFilmStatus({ filmId: id, actor: editor })).toMatchObject({
        status: 'published',
        latestRevision: 1,
        publishedRevision: 1,
      });
      const counts = await Promise.all([
        db().searchDocument.count({ where: { filmId: id } }),
        db().quizOption.count({ where: { question: { filmId: id } } }),
        db().revisionBlob.count({ where: { filmId: id } }),
      ]);
      expect(counts).toEqual(
        await Promise.all([db().searchDocument.count({ where: { filmId: (await filmOf(one.slug)).id } }), 4, PAGE_SECTIONS.length]),
      );
      const actions = (await db().auditLog.findMany({ where: { filmId: id }, select: { action: true }, orderBy: { id: 'asc' } })).map(
        (a) => a.action,
      );
      expect(actions).toEqual(['film.create', 'quiz.save', 'film.publish', 'quiz.publish']);
    }
    // A person shared by two films keeps their page until neither shows them.
    await unpublishFilm({ slug: one.slug, actor: admin });
    expect(await db().person.count({ where: { slug: `actor-${run}-one-actor` } })).toBe(1);
    await unpublishFilm({ slug: three.slug, actor: admin });
    expect(await db().person.count({ where: { slug: `actor-${run}-one-actor` } })).toBe(0);
  });

  it('checks roles and slugs, and writes nothing when it refuses', async () => {
    const before = await db().film.count();
    // Quizzes are admin-only: an editor's batch with a quiz is refused.
    await expect(createPublishedFilms({ contents: [page('editor')], actor: editor })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createPublishedFilms({ contents: [page('reader')], actor: null as unknown as Actor })).rejects.toThrow();
    const taken = page('taken');
    await createFilm({ content: taken, actor: admin });
    await expect(createPublishedFilms({ contents: [page('fresh'), taken], actor: admin })).rejects.toBeInstanceOf(ValidationError);
    await expect(createPublishedFilms({ contents: [page('twice'), page('twice')], actor: admin })).rejects.toBeInstanceOf(ValidationError);
    await expect(createPublishedFilms({ contents: [{ ...page('bad'), title: '' }], actor: admin })).rejects.toBeInstanceOf(ValidationError);
    expect(await db().film.count()).toBe(before + 1);
    expect(await db().film.count({ where: { slug: page('fresh').slug } })).toBe(0);
  });
});
