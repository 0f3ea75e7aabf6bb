/**
 * The image re-key (scripts/ops/rekey-images.mjs, run after `prisma migrate deploy`): an image
 * whose id is its content's hash gets a random id; its files move to the new id's folder, every
 * reference follows (the draft's and the published page's poster and stills, a person's photo, an
 * autosave), the content hash still finds it for de-duplication, and the old /media address
 * answers 404. Running it again changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { createFilm, getDraft, publishFilm } from '../../lib/films';
import { getPublishedFilm } from '../../lib/reader/get-published-film';
import { FileMediaStorage, mediaKey } from '../../lib/media/storage';
import { serveMedia } from '../../lib/media/serve-media';
import { NotFoundError } from '../../lib/errors';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../../lib/auth/permissions';
import { rekeyImages } from './rekey-images.mjs';

let dir: string;
let storage: FileMediaStorage;
let editor: Actor;
const tag = Date.now().toString(36);

/** An image as uploads stored it before ids were random: named by the first 128 bits of its SHA-256. */
async function hashNamedImage() {
  const sha256 = createHash('sha256').update(randomBytes(64)).digest('hex');
  const id = sha256.slice(0, 32);
  const variants = [{ name: 'w320', width: 320, height: 480, format: 'webp', bytes: 4 }];
  await db().imageAsset.create({ data: { id, sha256, width: 600, height: 900, mime: 'image/jpeg', bytes: 1000, variants } });
  await storage.put(mediaKey(id, 'w320', 'webp'), Buffer.from(`webp of ${id}`), 'image/webp');
  return { id, sha256 };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rekey-'));
  storage = new FileMediaStorage(dir);
  editor = await makeActor('EDITOR');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('re-keying content-hash image ids', () => {
  it('gives them random ids, moves their files and every reference; the old address is a 404', async () => {
    const [poster, still] = [await hashNamedImage(), await hashNamedImage()];
    const slug = `rekey-${tag}`;
    const content = sampleFilm({
      slug,
      title: `Rekey ${tag}`,
      poster: { image: poster.id, alt: 'The poster', spoiler: 'none' },
      stills: [{ id: 'opening', image: still.id, alt: 'The rink', spoiler: 'none' }],
      quiz: { questions: [] },
    });
    const { revision } = await createFilm({ content, actor: editor });
    await publishFilm({ slug, revision: revision.number, actor: editor });
    const film = await db().film.findUniqueOrThrow({ where: { slug } });
    await db().autosave.create({
      data: { userId: editor.userId!, filmId: film.id, baseRevision: revision.number, content: { ...content, title: 'Work in progress' } },
    });
    const personSlug = `rekey-person-${tag}`;
    await db().personProfile.create({
      data: {
        slug: personSlug,
        latestRevision: 1,
        photoId: poster.id,
        photoAlt: 'Smiling',
        revisions: {
          create: { number: 1, content: { birthDate: '', deathDate: '', photo: { image: poster.id, alt: 'Smiling' }, biography: [] } },
        },
      },
    });

    const { rekeyed } = await rekeyImages({ databaseUrl: process.env.DATABASE_URL!, mediaDir: dir, only: [poster.id, still.id] });
    expect(rekeyed.map(({ from }) => from).sort()).toEqual([poster.id, still.id].sort());
    const newId = (old: string) => rekeyed.find(({ from }) => from === old)!.to;
    const [newPoster, newStill] = [newId(poster.id), newId(still.id)];

    for (const [old, fresh, sha256] of [
      [poster.id, newPoster, poster.sha256],
      [still.id, newStill, still.sha256],
    ]) {
      expect(fresh).toMatch(/^[0-9a-f]{32}$/);
      expect(fresh).not.toBe(sha256.slice(0, 32));
      expect(await db().imageAsset.findUnique({ where: { id: old } })).toBeNull();
      // The hash still finds it (a repeated upload is the same image), but no longer names it.
      expect((await db().imageAsset.findUnique({ where: { sha256 } }))?.id).toBe(fresh);
      expect((await storage.get(mediaKey(fresh, 'w320', 'webp')))?.toString()).toBe(`webp of ${old}`);
      expect(await storage.get(mediaKey(old, 'w320', 'webp'))).toBeNull();
      expect(existsSync(path.join(dir, old))).toBe(false);
      await expect(serveMedia(old, 'w320.webp', 'image/webp', { storage })).rejects.toBeInstanceOf(NotFoundError); // the route's 404
      expect((await serveMedia(fresh, 'w320.webp', 'image/webp', { storage })).status).toBe(200);
    }

    const draft = await getDraft({ slug, actor: editor });
    expect(draft.content.poster?.image).toBe(newPoster);
    expect(draft.content.stills[0]!.image).toBe(newStill);
    const published = (await getPublishedFilm(slug, 'full'))!;
    expect(published.poster?.image).toBe(newPoster);
    expect(published.stills[0]!.image).toBe(newStill);
    const autosave = await db().autosave.findUniqueOrThrow({ where: { userId_filmId: { userId: editor.userId!, filmId: film.id } } });
    expect(JSON.stringify(autosave.content)).toContain(newPoster);
    expect((await db().personProfile.findUniqueOrThrow({ where: { slug: personSlug } })).photoId).toBe(newPoster);
    expect(JSON.stringify((await db().personRevision.findMany({ where: { slug: personSlug } })).map((r) => r.content))).toContain(
      newPoster,
    );
    // No row anywhere still names the old ids.
    const blobs = await db().revisionBlob.findMany({ where: { filmId: film.id } });
    expect(JSON.stringify(blobs)).not.toContain(poster.id);
    expect(JSON.stringify(blobs)).not.toContain(still.id);

    expect((await rekeyImages({ databaseUrl: process.env.DATABASE_URL!, mediaDir: dir, only: [newPoster, newStill] })).rekeyed).toEqual([]);
  });
});
