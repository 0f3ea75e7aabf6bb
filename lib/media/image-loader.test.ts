import { describe, expect, it } from 'vitest';
import mediaImageLoader from './image-loader';

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
