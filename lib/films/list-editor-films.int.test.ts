import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, restoreRevision, saveDraft } from '.';
import { NotFoundError, UnauthorizedError } from '../errors';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { FILM_LIST_PAGE_SIZE, getFilmStatus, listFilms } from './list-editor-films';
import { searchPeople } from '../editor/search-people';

let admin: Actor;
let editor: Actor;
let n = 0;
const uniqueFilm = () => {
  n += 1;
  return sampleFilm({ slug: `list-${Date.now().toString(36)}-${n}`, title: `List film ${n}` });
};

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('listFilms and getFilmStatus', () => {
  it('tells draft, published, and published with unpublished changes apart', async () => {
    const draft = uniqueFilm();
    const published = uniqueFilm();
    const changed = uniqueFilm();
    for (const content of [draft, published, changed]) await createFilm({ content, actor: admin });
    await publishFilm({ slug: published.slug, revision: 1, actor: editor });
    await publishFilm({ slug: changed.slug, revision: 1, actor: editor });
    await saveDraft({
      slug: changed.slug,
      baseRevision: 1,
      content: { ...changed, premise: 'New' },
      actor: editor,
      message: 'new premise',
    });

    const { films } = await listFilms({ actor: editor, q: 'list-' });
    const bySlug = new Map(films.map((f) => [f.slug, f]));
    expect(bySlug.get(draft.slug)).toMatchObject({
      status: 'draft',
      latestRevision: 1,
      publishedRevision: null,
      updatedBy: admin.label,
      title: draft.title,
    });
    expect(bySlug.get(published.slug)).toMatchObject({ status: 'published', latestRevision: 1, publishedRevision: 1 });
    expect(bySlug.get(changed.slug)).toMatchObject({ status: 'changed', latestRevision: 2, publishedRevision: 1, updatedBy: editor.label });
    // Most recently edited first.
    expect(films.findIndex((f) => f.slug === changed.slug)).toBeLessThan(films.findIndex((f) => f.slug === draft.slug));

    const status = await getFilmStatus({ filmId: bySlug.get(changed.slug)!.filmId, actor: editor });
    expect(status).toEqual(bySlug.get(changed.slug));
  });

  it('counts a newer revision with the published content as up to date', async () => {
    const content = uniqueFilm();
    await createFilm({ content, actor: admin });
    await publishFilm({ slug: content.slug, revision: 1, actor: editor });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Other' }, actor: editor });
    await restoreRevision({ slug: content.slug, number: 1, actor: editor });
    const film = await db().film.findUniqueOrThrow({ where: { slug: content.slug } });
    expect(await getFilmStatus({ filmId: film.id, actor: editor })).toMatchObject({
      status: 'published',
      latestRevision: 3,
      publishedRevision: 1,
    });
  });

  it('filters by text and status, counts and pages in the query', async () => {
    const run = `paged-${Date.now().toString(36)}`;
    const total = FILM_LIST_PAGE_SIZE + 3;
    for (let i = 0; i < total; i += 1) {
      await createFilm({ content: sampleFilm({ slug: `${run}-${i}`, title: `Paged ${run} ${String(i).padStart(3, '0')}` }), actor: admin });
    }
    for (const i of [0, 1, 2]) await publishFilm({ slug: `${run}-${i}`, revision: 1, actor: editor });

    const first = await listFilms({ actor: editor, q: run.toUpperCase() });
    expect(first.counts).toEqual({ all: total, draft: total - 3, published: 3, changed: 0 });
    expect(first.films).toHaveLength(FILM_LIST_PAGE_SIZE);
    const second = await listFilms({ actor: editor, q: run, page: 2 });
    expect(second.films).toHaveLength(3);
    // Every film exactly once across the pages, most recently edited first.
    const slugs = [...first.films, ...second.films].map((f) => f.slug);
    expect(new Set(slugs).size).toBe(total);
    const times = [...first.films, ...second.films].map((f) => f.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await listFilms({ actor: editor, q: run, page: 3 })).films).toEqual([]);

    const published = await listFilms({ actor: editor, q: run, status: 'published' });
    expect(published.films.map((f) => f.slug).sort()).toEqual([0, 1, 2].map((i) => `${run}-${i}`));
    expect((await listFilms({ actor: editor, q: `${run}-5`, status: 'draft' })).films.map((f) => f.slug).sort()).toEqual(
      [5, 50, 51, 52].filter((i) => i < total).map((i) => `${run}-${i}`),
    );
    // The text is matched as is, not as a LIKE pattern.
    expect((await listFilms({ actor: editor, q: `${run}%` })).counts.all).toBe(0);
    expect((await listFilms({ actor: editor, q: 'paged_' })).counts.all).toBe(0);
  });

  it('requires a signed-in actor and a known film', async () => {
    await expect(listFilms({ actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(getFilmStatus({ filmId: 'nope', actor: editor })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('searchPeople', () => {
  it('finds published people by part of the name, and by the slug a new name would take', async () => {
    const content = uniqueFilm();
    const suffix = Date.now().toString(36);
    const characters = [
      { ...content.characters[0], playedBy: { name: `Aurélie Faula ${suffix}`, slug: `aurelie-faula-${suffix}` } },
      { ...content.characters[1], playedBy: { name: `Amanda Pierre ${suffix}`, slug: `amanda-pierre-${suffix}` } },
    ];
    await createFilm({ content: { ...content, characters }, actor: admin });
    await publishFilm({ slug: content.slug, revision: 1, actor: editor });

    expect(await searchPeople({ query: `faula ${suffix}`, actor: editor })).toEqual([
      { name: `Aurélie Faula ${suffix}`, slug: `aurelie-faula-${suffix}` },
    ]);
    // No accent typed: the name does not contain it, but the slug it would make is taken.
    expect((await searchPeople({ query: `Aurelie Faula ${suffix}`, actor: editor })).map((p) => p.slug)).toEqual([
      `aurelie-faula-${suffix}`,
    ]);
    expect(await searchPeople({ query: '   ', actor: editor })).toEqual([]);
    await expect(searchPeople({ query: 'a', actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
