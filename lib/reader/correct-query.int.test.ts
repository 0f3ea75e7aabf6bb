import { beforeAll, describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import { createFilm, publishFilm } from '../films';
import type { Actor } from '../auth/permissions';
import { correctQuery } from './correct-query';
import { searchWithCorrection } from './search-films';
import { suggestSearch } from './suggest-search';

/**
 * "Did you mean" and suggestions against a real PostgreSQL: typos in a film's title, a character's
 * name and a place are corrected from the published page's words, never to a word of content above
 * the reader's level.
 */
const tag = Date.now().toString(36).replace(/\d/gu, '');
const title = `Zorblax Quentaro ${tag}`;
const slug = `correct-${Date.now().toString(36)}`;
let admin: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  const base = sampleFilm();
  const content = sampleFilm({
    slug,
    title,
    characters: [
      { ...base.characters[0], name: `Mirabelle Ostrava${tag}`, playedBy: { name: `Pat Doe ${tag}`, slug: `pat-doe-${slug}` } },
      // Only a full-spoiler reader may see this character, or be offered its name.
      {
        ...base.characters[1],
        name: `Vexmoria Thundersby`,
        playedBy: { name: `Lee Roevantz${tag}`, slug: `lee-roe-${slug}` },
        spoiler: 'full',
      },
    ],
    setting: { ...base.setting, place: 'Brontavia Harbour', spoiler: 'none' },
  });
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug, revision: revision.number, actor: admin });
});

describe('correctQuery', () => {
  it('corrects a swapped pair, a missing letter and a wrong letter to the title’s words', async () => {
    expect(await correctQuery('zorbalx quentro', 'none')).toBe('zorblax quentaro');
    expect(await correctQuery('Zorblax Quentaro', 'none')).toBeNull();
  });

  it('corrects places', async () => {
    expect(await correctQuery('brontavai', 'none')).toBe('brontavia');
  });

  it('never offers a name the reader’s level hides', async () => {
    expect(await correctQuery('vexmoira thundersbee', 'none')).toBeNull();
    expect(await correctQuery('vexmoira thundersbee', 'light')).toBeNull();
    expect(await correctQuery('vexmoira thundersbee', 'full')).toBe('vexmoria thundersby');
  });
});

describe('searchWithCorrection', () => {
  it('answers a query with typos with the results of its correction, and says so', async () => {
    const answer = await searchWithCorrection('zorbalx quentro', 'none');
    expect(answer.correctedTo).toBe('zorblax quentaro');
    expect(answer.hits.some((hit) => hit.kind === 'film' && hit.film.slug === slug)).toBe(true);
  });

  it('answers a query that finds nothing, corrected or not, with the films and people named near it', async () => {
    // Part of a word of the title, and part of an actor's name (one no other test's film has: the
    // suggestions are the best eight, and the shared database holds other films' people): nothing
    // matches, nothing corrects.
    const film = await searchWithCorrection('rbla', 'none');
    expect(film).toMatchObject({ hits: [], correctedTo: null });
    expect(film.near).toContainEqual({ kind: 'film', label: title, href: `/films/${slug}` });
    const person = await searchWithCorrection('oevant', 'none');
    expect(person).toMatchObject({ hits: [], correctedTo: null });
    expect(person.near).toContainEqual({ kind: 'person', label: `Lee Roevantz${tag}`, href: `/people/lee-roe-${slug}` });
  });

  it('leaves a query that matches as it is', async () => {
    const answer = await searchWithCorrection(title, 'none');
    expect(answer.correctedTo).toBeNull();
    expect(answer.near).toEqual([]);
    expect(answer.hits[0]).toMatchObject({ kind: 'film', film: { slug } });
  });
});

describe('suggestSearch', () => {
  it('suggests the film and the people while typing, with typos, titles that begin with the text first', async () => {
    expect((await suggestSearch('zorblax', 'none'))[0]).toEqual({ kind: 'film', label: title, href: `/films/${slug}` });
    expect((await suggestSearch('zorbalx quent', 'none')).map((s) => s.href)).toContain(`/films/${slug}`);
    expect((await suggestSearch(`lee roevantz${tag}`, 'none')).map((s) => s.href)).toContain(`/people/lee-roe-${slug}`);
    expect(await suggestSearch('z', 'none')).toEqual([]);
  });
});
