import { describe, expect, it } from 'vitest';
import { latestInvalidation, readEntry, recordInvalidation, sizeOf, writeEntry } from './memory-store.mjs';

const entry = (html: string) => ({ lastModified: Date.now(), value: { kind: 'APP_PAGE', html, rscData: Buffer.alloc(100), segmentData: new Map([['/_tree', Buffer.alloc(50)]]) }, tags: ['films'] });

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

  it('records the latest invalidation time per tag', () => {
    expect(latestInvalidation(['never-invalidated'])).toBe(0);
    recordInvalidation(['film:one', 'films'], 1_000);
    recordInvalidation(['films'], 3_000);
    recordInvalidation(['films'], 2_000);
    expect(latestInvalidation(['film:one'])).toBe(1_000);
    expect(latestInvalidation(['film:one', 'films', 'other'])).toBe(3_000);
  });

  it('sizes a value by its strings and binary parts', () => {
    expect(sizeOf('abc')).toBe(3);
    expect(sizeOf(Buffer.alloc(10))).toBe(10);
    expect(sizeOf({ html: 'abcd', body: new Uint8Array(6), parts: new Map([['k', Buffer.alloc(5)]]) })).toBe(4 + 6 + 1 + 5);
  });
});
