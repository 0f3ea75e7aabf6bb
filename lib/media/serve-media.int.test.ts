/**
 * Serving uploaded images (GET /media/{id}/{file}) through the real route with files in a real
 * filesystem storage: the exact format by extension, the best one by Accept without it, a year of
 * immutable caching, nosniff, and 404 for anything that is not a stored file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test-support/call-route';
import * as route from '@/app/media/[id]/[file]/route';

const ID = 'abcdef0123456789abcdef0123456789';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-serve-'));
  process.env.MEDIA_DIR = dir;
  const { mediaStorage } = await import('./storage');
  await mediaStorage().put(`${ID}/w320.avif`, new Uint8Array([1, 1, 1]), 'image/avif');
  await mediaStorage().put(`${ID}/w320.webp`, new Uint8Array([2, 2]), 'image/webp');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function get(id: string, file: string, accept = '') {
  const request = new NextRequest(new URL(`/media/${id}/${file}`, TEST_ORIGIN), { headers: accept ? { accept } : {} });
  return route.GET(request, { params: Promise.resolve({ id, file }) });
}

describe('GET /media/{id}/{file}', () => {
  it('serves the named format with long immutable caching and nosniff', async () => {
    const response = await get(ID, 'w320.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('vary')).toBeNull();
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([2, 2]);
    expect((await get(ID, 'w320.avif')).headers.get('content-type')).toBe('image/avif');
  });

  it('without an extension, answers AVIF to browsers that accept it and WebP to the others, varying on Accept', async () => {
    const avif = await get(ID, 'w320', 'image/avif,image/webp,*/*');
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toBe('Accept');
    const webp = await get(ID, 'w320', 'image/webp,*/*');
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for a missing file, another format or a malformed address', async () => {
    for (const [id, file] of [
      [ID, 'w640.webp'],
      [ID, 'w320.png'],
      [ID, 'original.jpg'],
      ['../../etc', 'w320.webp'],
      ['ABCDEF0123456789ABCDEF0123456789', 'w320.webp'],
    ]) {
      expect((await get(id, file)).status, `${id}/${file}`).toBe(404);
    }
  });

  it('is public: no permission', () => {
    expect(route.GET.permission).toBeNull();
  });
});
