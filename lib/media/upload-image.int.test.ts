/**
 * The upload API end to end on the real route handler, a real database and the filesystem storage
 * (a temporary MEDIA_DIR): a real image is stored as AVIF and WebP variants; bad input (not an
 * image, an SVG, too many bytes, a decompression bomb, a damaged file) is a 400 or 413 that stores
 * nothing; only a signed-in writer, editor or admin may upload (`film.edit`), and a cookie upload must come
 * from the site.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { createHash } from 'node:crypto';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sessionCookieFor } from '../../test-support/session-cookie';
import { TEST_ORIGIN } from '../../test-support/call-route';
import { MAX_UPLOAD_BYTES } from './process-image';
import { imageJob, imageJobLimit, imageQueue } from './image-jobs';
import { UPLOAD_LIMIT, limitUploads } from './limit-uploads';
import type { Actor } from '../auth/permissions';
import * as mediaRoute from '@/app/api/v1/editor/media/route';

vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

let dir: string;
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-upload-'));
  process.env.MEDIA_DIR = dir;
  const user = await db().user.create({
    data: { email: `upload-${Date.now().toString(36)}@test.example`, role: 'EDITOR', passwordHash: 'not-used' },
  });
  cookie = await sessionCookieFor(user);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function post(body: BodyInit, headers: Record<string, string> = {}) {
  const request = new NextRequest(new URL('/api/v1/editor/media', TEST_ORIGIN), {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, ...headers },
    body,
  });
  return mediaRoute.POST(request, { params: Promise.resolve({}) });
}

async function stored() {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  return { files, assets: await db().imageAsset.count(), audits: await db().auditLog.count({ where: { action: 'media.upload' } }) };
}

/** Each run's images differ, so they are new assets in a database that earlier runs left rows in. */
const RUN = Math.floor(Math.random() * 256 ** 3);
const colour = (seed: number) => ({ r: (RUN + seed) % 256, g: Math.floor(RUN / 256) % 256, b: Math.floor(RUN / 65536) % 256 });

/** A photo-like test image with EXIF metadata (which must not survive). */
const photo = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: colour(seed) } })
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER' } })
    .jpeg()
    .toBuffer();

/** A PNG of 1×1 pixel of data whose header declares width × height: decoding it would need gigabytes. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/v1/editor/media', () => {
  it('stores a JPEG as AVIF and WebP at widths up to its own, without its metadata', async () => {
    const before = await stored();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await photo(800, 500, 1))], { type: 'image/jpeg' }), 'still.jpg');
    const response = await post(form);
    expect(response.status).toBe(201);
    const { image } = await response.json();
    expect(image).toMatchObject({ width: 800, height: 500, mime: 'image/jpeg' });
    expect(image.id).toMatch(/^[0-9a-f]{32}$/);
    expect(image.variants.map((v: { name: string; format: string }) => `${v.name}.${v.format}`).sort()).toEqual([
      'w1280.avif',
      'w1280.webp',
      'w320.avif',
      'w320.webp',
      'w640.avif',
      'w640.webp',
    ]);
    // Wider than the image: the image at its own width.
    expect(image.variants.filter((v: { name: string }) => v.name === 'w1280').map((v: { width: number }) => v.width)).toEqual([800, 800]);
    expect(await stored()).toEqual({ files: before.files + 6, assets: before.assets + 1, audits: before.audits + 1 });
    const row = await db().imageAsset.findUniqueOrThrow({ where: { id: image.id } });
    // The id (the files' address) is random: not derivable from the file, so holding a file does
    // not let anyone confirm where it is served.
    const digest = createHash('sha256')
      .update(await photo(800, 500, 1))
      .digest('hex');
    expect(row.sha256).toBe(digest);
    expect(digest.includes(image.id)).toBe(false);

    const webp = await sharp(path.join(dir, image.id, 'w640.webp')).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: 640, height: 400 });
    expect(webp.exif).toBeUndefined();
    const avif = await sharp(path.join(dir, image.id, 'w320.avif')).metadata();
    expect(avif).toMatchObject({ format: 'heif', compression: 'av1', width: 320, height: 200 });
  });

  it('takes a raw body too, sniffing the type whatever the Content-Type says; the same file again is the same asset', async () => {
    const png = await sharp({ create: { width: 200, height: 300, channels: 4, background: { ...colour(2), alpha: 0.5 } } })
      .png()
      .toBuffer();
    const first = await post(new Uint8Array(png), { 'content-type': 'application/octet-stream' });
    expect(first.status).toBe(201);
    const { image } = await first.json();
    expect(image).toMatchObject({ mime: 'image/png', width: 200, height: 300 });
    // Narrower than 320: every variant holds the image at its own width.
    expect(new Set(image.variants.map((v: { width: number; height: number }) => `${v.width}×${v.height}`))).toEqual(new Set(['200×300']));
    const before = await stored();
    const again = await post(new Uint8Array(png), { 'content-type': 'image/gif' });
    expect(again.status).toBe(200);
    expect((await again.json()).image.id).toBe(image.id);
    expect(await stored()).toEqual(before);
  });

  const refusals: Array<[string, () => Promise<{ body: BodyInit; headers?: Record<string, string> }>, number, RegExp]> = [
    [
      'text sent as an image',
      async () => ({ body: 'this is not an image', headers: { 'content-type': 'image/png' } }),
      400,
      /Not an image/,
    ],
    [
      'an SVG (it can carry script)',
      async () => ({
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        headers: { 'content-type': 'image/svg+xml' },
      }),
      400,
      /Not an image/,
    ],
    ['an empty body', async () => ({ body: '', headers: { 'content-type': 'image/png' } }), 400, /Send an image file/],
    [
      'a decompression bomb (a tiny PNG declaring 100000×100000 pixels)',
      async () => ({ body: new Uint8Array(pngDeclaring(100_000, 100_000)), headers: { 'content-type': 'image/png' } }),
      400,
      /100000×100000 pixels: at most 50 megapixels/,
    ],
    [
      'a damaged image (a valid header, no pixels)',
      async () => ({ body: new Uint8Array(pngDeclaring(64, 64)), headers: { 'content-type': 'image/png' } }),
      400,
      /damaged or incomplete/,
    ],
    [
      'a multipart form without a file field',
      async () => {
        const form = new FormData();
        form.set('image', 'not a file');
        return { body: form };
      },
      400,
      /`file` field/,
    ],
  ];

  for (const [what, make, status, message] of refusals) {
    it(`refuses ${what} with ${status} naming the field, storing nothing`, async () => {
      const before = await stored();
      const { body, headers } = await make();
      const response = await post(body, headers);
      expect(response.status).toBe(status);
      const answer = await response.json();
      expect(answer.errors[0].path).toBe('file');
      expect(answer.errors[0].message).toMatch(message);
      expect(await stored()).toEqual(before);
    });
  }

  it('refuses more than 15 MiB with 413, declared or streamed, storing nothing', async () => {
    const before = await stored();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    expect((await post(big, { 'content-type': 'image/jpeg' })).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 16; i += 1) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const request = new NextRequest(new URL('/api/v1/editor/media', TEST_ORIGIN), {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'image/jpeg' },
      body: stream,
      duplex: 'half',
    } as never);
    expect((await mediaRoute.POST(request, { params: Promise.resolve({}) })).status).toBe(413);
    const form = new FormData();
    form.set('file', new Blob([big]), 'big.jpg');
    expect((await post(form)).status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('needs a signed-in editor, and a same-origin request with a session cookie', async () => {
    const before = await stored();
    const jpeg = new Uint8Array(await photo(100, 100, 7));
    const anonymous = new NextRequest(new URL('/api/v1/editor/media', TEST_ORIGIN), {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'image/jpeg' },
      body: jpeg,
    });
    expect((await mediaRoute.POST(anonymous, { params: Promise.resolve({}) })).status).toBe(401);
    expect((await post(jpeg, { origin: 'https://evil.example', 'content-type': 'image/jpeg' })).status).toBe(403);
    expect(await stored()).toEqual(before);
    expect(mediaRoute.POST.permission).toBe('film.edit');
  });

  it('a user past the upload limit gets 429 with Retry-After, and nothing is stored', async () => {
    const user = await db().user.create({
      data: { email: `upload-limit-${Date.now().toString(36)}@test.example`, role: 'WRITER', passwordHash: 'not-used' },
    });
    const actor = { userId: user.id, label: user.email, role: 'WRITER', via: 'session' } as Actor;
    for (let i = 0; i < UPLOAD_LIMIT.limit; i++) await limitUploads(actor);
    const before = await stored();
    const response = await post(new Uint8Array(await photo(40, 40, 9)), {
      cookie: await sessionCookieFor(user),
      'content-type': 'image/jpeg',
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  });

  it('images are processed a few at a time: parallel uploads wait in the queue', async () => {
    const limit = imageJobLimit();
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: limit + 3 }, () =>
        imageJob(async () => {
          most = Math.max(most, ++running);
          seen.push(imageQueue().pending);
          await new Promise((resolve) => setTimeout(resolve, 30));
          running--;
        }),
      ),
    );
    expect(most).toBe(limit);
    expect(Math.max(...seen)).toBeGreaterThan(0);
  });
});
