import { describe, expect, it } from 'vitest';
import { readEntry, sizeOf, writeEntry } from './memory-store.mjs';
import { currentVersion, invalidateTags, isCurrent, latestTagVersion } from './tag-versions.mjs';

const entry = (html: string) => ({
  lastModified: Date.now(),
  asOf: 0,
  value: { kind: 'APP_PAGE', html, rscData: Buffer.alloc(100), segmentData: new Map([['/_tree', Buffer.alloc(50)]]) },
  tags: ['films'],
});

describe('memory store (the cache without Redis)', () => {
  it('keeps entries up to its size, least recently used out first', () => {
    // The first call makes the process's store: room for about three of these entries.
    writeEntry('a', entry('x'.repeat(250)), 1_500);
    writeEntry('b', entry('x'.repeat(250)));
    writeEntry('c', entry('x'.repeat(250)));
    expect(readEntry('a')?.value).toMatchObject({ html: 'x'.repeat(250) });
    writeEntry('d', entry('x'.repeat(250)));
    // "a" was read after "b" was written: "b" went first.
    expect(readEntry('b')).toBeNull();
    expect(readEntry('a')).not.toBeNull();
    expect(readEntry('d')).not.toBeNull();
    // An entry larger than the whole store is not kept.
    writeEntry('huge', entry('x'.repeat(2_000)));
    expect(readEntry('huge')).toBeNull();
  });

  it('validity by version: an entry is current until one of its tags is invalidated after its request started', async () => {
    expect(await latestTagVersion(['never-invalidated'])).toBe(0);
    const asOf = await currentVersion();
    expect(await isCurrent(['film:one', 'films'], asOf)).toBe(true);
    await invalidateTags(['film:two', 'films']);
    expect(await isCurrent(['film:one'], asOf)).toBe(true);
    expect(await isCurrent(['film:one', 'films'], asOf)).toBe(false);
    // A request that started after the invalidation.
    const later = await currentVersion();
    expect(later).toBeGreaterThan(asOf);
    expect(await isCurrent(['film:one', 'films'], later)).toBe(true);
    expect(await isCurrent(['films'], undefined)).toBe(false);
    expect(await latestTagVersion(['film:two', 'film:one'])).toBe(later);
  });

  it('sizes a value by its strings and binary parts', () => {
    expect(sizeOf('abc')).toBe(3);
    expect(sizeOf(Buffer.alloc(10))).toBe(10);
    expect(sizeOf({ html: 'abcd', body: new Uint8Array(6), parts: new Map([['k', Buffer.alloc(5)]]) })).toBe(4 + 6 + 1 + 5);
  });
});
