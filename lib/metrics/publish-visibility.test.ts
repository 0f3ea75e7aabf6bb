import { beforeEach, describe, expect, it } from 'vitest';
import { noteInvalidated, takeVisible } from './publish-visibility.mjs';

describe('publish-to-visible notes', () => {
  beforeEach(() => {
    // A fresh process's state: take whatever an earlier test left.
    takeVisible(['film:a', 'film:b'], Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  });

  it('reports the seconds from a film’s invalidation to its first fresh page, once', () => {
    noteInvalidated(['films', 'film:a', 'person:x'], 1_000);
    expect(takeVisible(['films', 'film:a'], 1_000, 3_500)).toEqual([2.5]);
    expect(takeVisible(['film:a'], 4_000, 5_000)).toEqual([]);
  });

  it('does not count a render that started before the invalidation', () => {
    noteInvalidated(['film:b'], 2_000);
    expect(takeVisible(['film:b'], 1_999, 2_500)).toEqual([]);
    expect(takeVisible(['film:b'], 2_100, 2_600)).toEqual([0.6]);
  });

  it('a second invalidation before the film was served fresh keeps the first time', () => {
    noteInvalidated(['film:a'], 1_000);
    noteInvalidated(['film:a'], 1_200);
    expect(takeVisible(['film:a'], 1_100, 2_000)).toEqual([1]);
  });

  it('drops a note nobody read within ten minutes', () => {
    noteInvalidated(['film:a'], 0);
    expect(takeVisible(['film:a'], 1, 10 * 60_000 + 1)).toEqual([]);
  });
});
