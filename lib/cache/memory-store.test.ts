import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cacheStats } from './bounded-cache.mjs';
import { pack } from './entry-codec.mjs';
import { readEntry, sizeOf, writeEntry } from './memory-store.mjs';
import { currentVersion, invalidateTags, isCurrent, tagsVersion } from './tag-versions.mjs';

const entry = (html: string) => ({
  lastModified: Date.now(),
  asOf: 'epoch.0',
  value: { kind: 'APP_PAGE', html, rscData: randomBytes(100), segmentData: new Map([['/_tree', randomBytes(50)]]) },
  tags: ['films'],
});
// Random text, so compression cannot make the entries smaller than the test counts on.
const noise = (length: number) => randomBytes(length).toString('base64').slice(0, length);

describe('memory store (the cache without Redis)', () => {
  it('keeps entries up to its size, least recently used out first', () => {
    // The first call makes the process's store: room for three and a half of these entries.
    const a = entry(noise(250));
    writeEntry('a', a, Math.round(3.5 * (pack(a.value).length + 10)));
    writeEntry('b', entry(noise(250)));
    writeEntry('c', entry(noise(250)));
    expect(readEntry('a')?.value).toEqual(a.value);
    writeEntry('d', entry(noise(250)));
    // "a" was read after "b" was written: "b" went first.
    expect(readEntry('b')).toBeNull();
    expect(readEntry('a')).not.toBeNull();
    expect(readEntry('d')).not.toBeNull();
    // An entry larger than the whole store is not kept.
    writeEntry('huge', entry(noise(5_000)));
    expect(readEntry('huge')).toBeNull();
  });

  it('keeps a page compressed and gives back what was stored, Buffers and Maps as such, a new copy each time', () => {
    // Eight times the store's whole budget (the first test set it) as text, a fraction of it compressed.
    const { maxBytes } = cacheStats().caches.find((cache) => cache.name === 'page')!;
    const page = entry(
      `<!DOCTYPE html>${'<p>A line of the page, as pages repeat their markup.</p>'.repeat(Math.ceil((8 * maxBytes) / 56))}`,
    );
    expect(sizeOf(page.value)).toBeGreaterThan(8 * maxBytes);
    writeEntry('compressed', page);
    const read = readEntry('compressed')?.value as typeof page.value;
    expect(read).toEqual(page.value);
    expect(Buffer.isBuffer(read.rscData)).toBe(true);
    expect(read.segmentData).toBeInstanceOf(Map);
    read.html = 'changed by whoever read it';
    expect((readEntry('compressed')!.value as typeof page.value).html).toBe(page.value.html);
  });

  it('validity by version: an entry is current until one of its tags is invalidated after its request started', async () => {
    const untouched = await tagsVersion(['never-invalidated']);
    const asOf = await currentVersion();
    expect(await isCurrent(['film:one', 'films'], asOf)).toBe(true);
    await invalidateTags(['film:two', 'films']);
    expect(await isCurrent(['film:one'], asOf)).toBe(true);
    expect(await isCurrent(['film:one', 'films'], asOf)).toBe(false);
    // A request that started after the invalidation.
    const later = await currentVersion();
    expect(later).not.toBe(asOf);
    expect(await isCurrent(['film:one', 'films'], later)).toBe(true);
    expect(await isCurrent(['films'], undefined)).toBe(false);
    expect(await isCurrent(['films'], 7)).toBe(false);
    // Stamped in another history of the counter (another process, a lost Redis record): never current.
    expect(await isCurrent(['film:one'], later.replace(/^[^.]*/, 'another-epoch'))).toBe(false);
    expect(await tagsVersion(['film:two', 'film:one'])).toBe(later);
    expect(await tagsVersion(['never-invalidated'])).toBe(untouched);
  });

  it('sizes a value by its strings and binary parts', () => {
    expect(sizeOf('abc')).toBe(3);
    expect(sizeOf(Buffer.alloc(10))).toBe(10);
    expect(sizeOf({ html: 'abcd', body: new Uint8Array(6), parts: new Map([['k', Buffer.alloc(5)]]) })).toBe(4 + 6 + 1 + 5);
  });
});
