/**
 * Each part's spoiler filter is written twice: in SQL (`reader.select` / `read`, what the reader
 * pages get from the published tables) and in memory (`reader.visible`, the editor's preview). For
 * any page (fast-check's arbitraryFilmContent), stored through the real create and publish into the
 * test database and read back through lib/reader, the two give the same VisibleFilm at every level
 * and at every point read up to (the preview's, images sized from their uploads as the preview page does).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { makeActor } from '../../test-support/actors';
import { createFilm, publishFilm } from '../films';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { visibleFilm, visibleFilmUpTo } from '../spoilers/visible-film';
import { readingPointsOf } from '../story-position';
import type { Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { withImageSizes } from '../media/with-image-sizes';
import { storeImagesOf, withOwnAddresses } from '../../test-support/published-page';
import { getPublishedFilm, getPublishedFilmUpTo } from './get-published-film';

let admin: Actor;
const tag = Date.now().toString(36);
let run = 0;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
});

const ownAddresses = (content: FilmContent) => withOwnAddresses(content, 'parity', `-${tag}-${(run += 1)}`);

async function publish(content: FilmContent) {
  await storeImagesOf(content);
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
}

describe('the spoiler filter in SQL and in memory', () => {
  it('give the same page at every level, for any page', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryFilmContent, async (generated) => {
        const content = ownAddresses(generated);
        await publish(content);
        // The preview's images get their sizes from their uploads as the published rows do (withImageSizes).
        for (const level of SPOILER_LEVELS)
          expect(await getPublishedFilm(content.slug, level)).toEqual(await withImageSizes(visibleFilm(content, level)));
      }),
      { numRuns: 30 },
    );
  });

  it('give the same page up to every point of the story, for any page', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryFilmContent, async (generated) => {
        const content = ownAddresses(generated);
        await publish(content);
        const points = readingPointsOf(content);
        // Every point, and one past the last event (read as the last).
        for (let upto = 0; upto <= content.events.length + 1; upto += 1)
          expect(await getPublishedFilmUpTo(content.slug, upto)).toEqual(await withImageSizes(visibleFilmUpTo(content, points, upto)));
      }),
      { numRuns: 25 },
    );
  });
});
