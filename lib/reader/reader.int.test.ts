import { beforeAll, describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, saveDraft, unpublishFilm } from '../films';
import { visibleFilm } from '../spoilers/visible-film';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { db } from '../db';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { getPublishedFilm, getPublishedFilmUpTo } from './get-published-film';
import { getPublishedPerson, listPublishedPeople } from './get-person';
import { listFilmSummaries } from './list-published-films';
import { searchPublished } from './search-films';
import { isPublishedAddress } from './published-address';

let admin: Actor;
const tag = Date.now().toString(36);

/** The sample film with its own slug and its own people, so tests in one database don't meet. */
function film(name: string): FilmContent {
  const base = sampleFilm();
  return sampleFilm({
    slug: `reader-${name}-${tag}`,
    title: `Reader ${name} ${tag}`,
    characters: base.characters.map((c) => ({
      ...c,
      playedBy: c.playedBy && { name: `${c.playedBy.name} ${name}${tag}`, slug: `${c.playedBy.slug}-${name}-${tag}` },
    })),
    story: base.story.replace('Pat Doe', `Pat Doe ${name}${tag}`),
  });
}

async function published(content: FilmContent) {
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  return content;
}

beforeAll(async () => {
  admin = await makeActor('ADMIN');
});

describe('getPublishedFilm', () => {
  it('reads exactly what the preview shows, at every level', async () => {
    const content = await published(film('parity'));
    for (const level of SPOILER_LEVELS) expect(await getPublishedFilm(content.slug, level)).toEqual(visibleFilm(content, level));
  });

  it('stores each event’s minute and each note’s kind: every minute and every kind at every level and point, the words at their level', async () => {
    const base = film('minutes');
    const content = await published({
      ...base,
      events: base.events.map((event, i) => ({ ...event, minute: i === 1 ? undefined : 10 * (i + 1) })),
      kind: {
        ...base.kind,
        contentNotes: [
          { id: 'n1', label: 'a hospital stay', spoiler: 'none' },
          { id: 'n2', label: 'what happens at the lake', kind: 'death', spoiler: 'full' },
        ],
      },
    });
    const minutes = content.events.map((_, i) => (i === 1 ? null : 10 * (i + 1)));
    for (const level of SPOILER_LEVELS) {
      const read = await getPublishedFilm(content.slug, level);
      expect(read).toEqual(visibleFilm(content, level));
      expect(read!.eventMinutes).toEqual(minutes);
      expect(read!.kind.contentNoteKinds).toEqual(['illness', 'death']);
    }
    const none = await getPublishedFilm(content.slug, 'none');
    expect(none!.kind.contentNotes).toEqual([{ id: 'n1', label: 'a hospital stay', kind: 'illness', spoiler: 'none' }]);
    expect(JSON.stringify(none)).not.toContain('the lake');
    const rows = await db().contentNote.findMany({ where: { film: { slug: content.slug } }, orderBy: { position: 'asc' } });
    expect(rows.map((row) => row.kind)).toEqual(['illness', 'death']);
    const point = await getPublishedFilmUpTo(content.slug, 1);
    expect(point!.kind.contentNoteKinds).toEqual(['illness', 'death']);
    expect(point!.eventMinutes).toEqual(minutes);
  });

  it('is null for a film that is not published', async () => {
    const content = film('draft');
    await createFilm({ content, actor: admin });
    expect(await getPublishedFilm(content.slug, 'full')).toBeNull();
  });
});

describe('search', () => {
  it('only matches and quotes content at the reader’s level', async () => {
    const content = await published(film('search'));
    const titleOf = (hits: Awaited<ReturnType<typeof searchPublished>>) => hits.filter((h) => h.film.slug === content.slug);
    const snippetText = (hits: Awaited<ReturnType<typeof searchPublished>>) => JSON.stringify(hits);

    expect(titleOf(await searchPublished('LIGHTWORD', 'none'))).toEqual([]);
    expect(titleOf(await searchPublished('FULLWORD', 'light'))).toEqual([]);
    expect(titleOf(await searchPublished('LIGHTWORD', 'light')).length).toBeGreaterThan(0);
    expect(titleOf(await searchPublished('FULLWORD', 'full')).length).toBeGreaterThan(0);

    // A word found at every level is quoted only from visible documents.
    const skater = titleOf(await searchPublished('skater', 'none'));
    expect(skater.length).toBeGreaterThan(0);
    expect(snippetText(skater)).not.toMatch(/LIGHTWORD|FULLWORD/u);
    expect(skater.every((hit) => hit.level === 'none')).toBe(true);
  });

  it('finds titles and names approximately', async () => {
    const content = await published(film('fuzzy'));
    const hits = await searchPublished(`Reder fuzzy ${tag}`, 'none');
    expect(hits.some((h) => h.kind === 'film' && h.film.slug === content.slug)).toBe(true);
  });

  it('marks matches without HTML and ignores an empty query', async () => {
    await published(film('marks'));
    const [hit] = await searchPublished('arrives', 'none');
    expect(hit.snippets.flat().some((part) => part.match && /arrive/iu.test(part.text))).toBe(true);
    expect(await searchPublished('   ', 'full')).toEqual([]);
  });

  it('ranks the film itself (title or premise) above anything inside it', async () => {
    const word = `Brightwater${tag}`;
    const base = film('rank');
    // The word is in an event's title (weighted above the premise) and in the premise.
    const content = await published({
      ...base,
      premise: `A skater returns to ${word}.`,
      events: [{ ...base.events[0], title: `Back in ${word}` }, ...base.events.slice(1)],
    });
    const hits = (await searchPublished(word, 'full')).filter((h) => h.film.slug === content.slug);
    expect(hits.map((h) => h.kind)).toEqual(['film', 'event']);
  });

  it('quotes each matching field on its own', async () => {
    const base = film('fields');
    const place = `Quayside${tag}, Canada`;
    const where = `Quayside${tag}, a harbour town on the coast`;
    const content = await published({ ...base, setting: { ...base.setting, place, where } });
    const [setting] = (await searchPublished(`Quayside${tag}`, 'full')).filter((h) => h.film.slug === content.slug && h.kind === 'setting');
    const quotes = setting.snippets.map((parts) => parts.map((p) => p.text).join(''));
    expect(quotes).toEqual([place, where]);
  });

  it('follows publishing: a new revision replaces the documents, unpublishing removes them', async () => {
    const content = await published(film('republish'));
    const changed = { ...content, premise: `A premise about zeppelins ${tag}.` };
    const { revision } = await saveDraft({ slug: content.slug, baseRevision: 1, content: changed, actor: admin });
    await publishFilm({ slug: content.slug, revision, actor: admin });
    expect((await searchPublished('zeppelins', 'none')).some((h) => h.film.slug === content.slug)).toBe(true);
    expect((await searchPublished('NONEWORD returns home', 'none')).some((h) => h.film.slug === content.slug && h.kind === 'film')).toBe(
      false,
    );
    await unpublishFilm({ slug: content.slug, actor: admin });
    expect(await db().searchDocument.count({ where: { film: { slug: content.slug } } })).toBe(0);
  });
});

describe('people and lists', () => {
  it('shows a person’s visible characters and counts the hidden ones', async () => {
    const content = await published(film('people'));
    const rival = content.characters[1].playedBy!.slug;
    const none = await getPublishedPerson(rival, 'none');
    expect(none).toMatchObject({ films: [{ slug: content.slug, characters: [], hiddenCharacters: 1 }] });
    expect(JSON.stringify(none)).not.toContain('FULLWORD');
    const full = await getPublishedPerson(rival, 'full');
    expect(full?.films[0]).toMatchObject({ hiddenCharacters: 0, characters: [{ id: 'c2', name: 'The Rival', spoiler: 'full' }] });
    expect((await listPublishedPeople()).map((p) => p.slug)).toContain(rival);
    expect(await getPublishedPerson('nobody-at-all', 'full')).toBeNull();
  });

  it('lists published films newest first, spoiler-free', async () => {
    const first = await published(film('list-a'));
    const second = await published(film('list-b'));
    const slugs = (await listFilmSummaries()).map((f) => f.slug);
    expect(slugs.indexOf(second.slug)).toBeLessThan(slugs.indexOf(first.slug));
    expect(JSON.stringify(await listFilmSummaries())).not.toMatch(/LIGHTWORD|FULLWORD/u);
  });
});

describe('isPublishedAddress (the proxy sends unknown reader addresses to the 404 page)', () => {
  it('knows published films and their people, and nothing else', async () => {
    const content = await published(film('address'));
    const person = content.characters[0].playedBy!.slug;
    expect(await isPublishedAddress('films', content.slug)).toBe(true);
    expect(await isPublishedAddress('people', person)).toBe(true);
    expect(await isPublishedAddress('films', `no-such-film-${tag}`)).toBe(false);
    expect(await isPublishedAddress('people', `no-such-person-${tag}`)).toBe(false);
    // A person's slug is not a film's, and a draft is not published.
    expect(await isPublishedAddress('films', person)).toBe(false);
    const draft = film('address-draft');
    await createFilm({ content: draft, actor: admin });
    expect(await isPublishedAddress('films', draft.slug)).toBe(false);
  });

  it('asks again after a miss, so a film published since is found at once', async () => {
    const content = film('address-late');
    expect(await isPublishedAddress('films', content.slug)).toBe(false);
    await published(content);
    expect(await isPublishedAddress('films', content.slug)).toBe(true);
  });
});
