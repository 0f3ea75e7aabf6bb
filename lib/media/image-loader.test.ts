import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, sourceFiles } from '../../test-support/entry-points';
import mediaImageLoader from './image-loader';
import { FIXED_FILE, mediaAddress, THUMBNAIL_FILE } from './variant-widths';

const ID = '0123456789abcdef0123456789abcdef';

describe('mediaImageLoader', () => {
  it('names the narrowest made width that covers the one asked for, never past the widest', () => {
    const src = `/media/${ID}`;
    expect(mediaImageLoader({ src, width: 16 })).toBe(`/media/${ID}/w320`);
    expect(mediaImageLoader({ src, width: 320 })).toBe(`/media/${ID}/w320`);
    expect(mediaImageLoader({ src, width: 384 })).toBe(`/media/${ID}/w640`);
    expect(mediaImageLoader({ src, width: 1080 })).toBe(`/media/${ID}/w1280`);
    expect(mediaImageLoader({ src, width: 3840 })).toBe(`/media/${ID}/w1280`);
  });

  it('leaves any other address alone', () => {
    expect(mediaImageLoader({ src: '/icon.svg', width: 64 })).toBe('/icon.svg');
    expect(mediaImageLoader({ src: `/media/${ID}/w320.webp`, width: 64 })).toBe(`/media/${ID}/w320.webp`);
  });
});

describe('mediaAddress, the one way every image address is made', () => {
  it('names the version of a replaced file, and keeps it through the loader', () => {
    expect(mediaAddress(ID, 1)).toBe(`/media/${ID}`);
    expect(mediaAddress(ID, 3)).toBe(`/media/${ID}?v=3`);
    expect(mediaAddress(ID, 3, THUMBNAIL_FILE)).toBe(`/media/${ID}/w320.webp?v=3`);
    expect(mediaAddress(ID, 2, FIXED_FILE)).toBe(`/media/${ID}/w1280.webp?v=2`);
    expect(mediaImageLoader({ src: mediaAddress(ID, 3), width: 600 })).toBe(`/media/${ID}/w640?v=3`);
  });

  it('is the only code that spells an image address: no other source file builds `/media/…` itself', () => {
    const own = new Set([
      'lib/media/variant-widths.ts',
      'lib/media/storage.ts', // storage keys' own addresses
      'lib/media/image-loader.ts', // adds the variant to mediaAddress's address
      'lib/page-format/page-text.ts', // the page format names an image by id, not a file a browser loads
    ]);
    const offenders = sourceFiles()
      .filter((file) => !own.has(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /[`'"]\/media\/\$\{/.test(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
