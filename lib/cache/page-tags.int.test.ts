/**
 * Which cache tags each change invalidates (lib/cache/invalidate-film-pages.ts), read back from the
 * versions written to the Redis on this machine under a prefix of this run's own, after the real
 * changes on the real database: a publish names the film, the lists and the people the film
 * credits before and after it, nobody else (and the other films of a person it renames); a
 * person's own edits name only that person.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { createFilm, publishFilm, saveDraft, unpublishFilm } from '../films';
import { updatePersonDates } from '../people/update-person-dates';
import { setPersonBiography } from '../people/set-person-biography';
import { setPersonPhoto } from '../media/set-person-photo';
import { REDIS_TEST_URL, deleteRedisKeys } from '../../scripts/ops/support';

// Outside Next, an invalidation is written only to the shared cache: this run's own keys in it.
const prefix = vi.hoisted(() => {
  const name = `test-page-tags-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  process.env.CACHE_KEY_PREFIX = name;
  return name;
});

const tag = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${tag}`, slug: `${name.toLowerCase()}-${tag}` });
const [lead, rival, newcomer, other] = [person('Lead'), person('Rival'), person('Newcomer'), person('Other')];
const slugA = `tags-a-${tag}`;
const slugB = `tags-b-${tag}`;

let admin: Actor;
let redis: Redis;

/** The tags whose invalidation version `change` moved. */
async function invalidatedBy(change: () => Promise<unknown>): Promise<string[]> {
  const before = await redis.hgetall(`${prefix}:validity`);
  await change();
  const after = await redis.hgetall(`${prefix}:validity`);
  return Object.keys(after)
    .filter((name) => name.startsWith('t:') && after[name] !== before[name])
    .map((name) => name.slice('t:'.length))
    .sort();
}

const sorted = (tags: string[]) => [...tags].sort();

beforeAll(async () => {
  redis = new Redis(REDIS_TEST_URL);
  admin = await makeActor('ADMIN');
  const base = sampleFilm();
  const b = sampleFilm({ slug: slugB, title: `Tags B ${tag}`, characters: [{ ...base.characters[0], playedBy: other }] });
  const { revision } = await createFilm({ content: b, actor: admin });
  await publishFilm({ slug: slugB, revision: revision.number, actor: admin });
});

afterAll(async () => {
  const store = await import('./redis-store.mjs');
  await store.closeCacheConnection();
  redis?.disconnect();
  await deleteRedisKeys(prefix);
});

describe('the tags a change invalidates', () => {
  it('a publish: the film, the lists and its people before and after, not the people of other films', async () => {
    const base = sampleFilm();
    const content = sampleFilm({
      slug: slugA,
      title: `Tags A ${tag}`,
      characters: [
        { ...base.characters[0], playedBy: lead },
        { ...base.characters[1], playedBy: rival },
      ],
    });
    const { revision } = await createFilm({ content, actor: admin });
    expect(await invalidatedBy(() => publishFilm({ slug: slugA, revision: revision.number, actor: admin }))).toEqual(
      sorted(['films', `film:${slugA}`, `person:${lead.slug}`, `person:${rival.slug}`]),
    );

    // The rival's part goes to a newcomer: the rival (before) and the newcomer (after) both change.
    const recast = {
      ...content,
      characters: [content.characters[0], { ...content.characters[1], playedBy: newcomer }],
    };
    const saved = await saveDraft({ slug: slugA, baseRevision: revision.number, content: recast, message: '', actor: admin });
    expect(await invalidatedBy(() => publishFilm({ slug: slugA, revision: saved.revision, actor: admin }))).toEqual(
      sorted(['films', `film:${slugA}`, `person:${lead.slug}`, `person:${rival.slug}`, `person:${newcomer.slug}`]),
    );

    expect(await invalidatedBy(() => unpublishFilm({ slug: slugA, actor: admin }))).toEqual(
      sorted(['films', `film:${slugA}`, `person:${lead.slug}`, `person:${newcomer.slug}`]),
    );
  });

  it('a publish that renames a person: also the other films crediting them (their pages show the name)', async () => {
    const base = sampleFilm();
    const slugC = `tags-c-${tag}`;
    const renamed = { name: `Renamed ${tag}`, slug: other.slug };
    const content = sampleFilm({ slug: slugC, title: `Tags C ${tag}`, characters: [{ ...base.characters[0], playedBy: renamed }] });
    const { revision } = await createFilm({ content, actor: admin });
    expect(await invalidatedBy(() => publishFilm({ slug: slugC, revision: revision.number, actor: admin }))).toEqual(
      sorted(['films', `film:${slugB}`, `film:${slugC}`, `person:${other.slug}`]),
    );
    // Published again with the same name: B is left alone.
    expect(await invalidatedBy(() => publishFilm({ slug: slugC, revision: revision.number, actor: admin }))).toEqual(
      sorted(['films', `film:${slugC}`, `person:${other.slug}`]),
    );
  });

  it("a person's dates, biography and photo: only that person's pages", async () => {
    expect(await invalidatedBy(() => updatePersonDates(admin, { slug: other.slug, birthDate: '1970-01-31', deathDate: '' }))).toEqual([
      `person:${other.slug}`,
    ]);
    expect(
      await invalidatedBy(() =>
        setPersonBiography(admin, { slug: other.slug, paragraphs: [{ text: 'Born by the sea.', spoiler: 'none' }] }),
      ),
    ).toEqual([`person:${other.slug}`]);
    expect(await invalidatedBy(() => setPersonPhoto({ actor: admin, slug: other.slug, image: null, alt: '' }))).toEqual([
      `person:${other.slug}`,
    ]);
  });
});
