/**
 * The production server takes an image up to the stated 15 MiB: Next copies every body proxy.ts
 * sees and used to cut it at 10 MB, so a valid 10–15 MiB image arrived truncated and was refused
 * as damaged. A 14.9 MiB PNG is stored (201); past 15 MiB is a 413; an anonymous upload of that
 * size is refused by the request guard before its body is read (413).
 */
import net from 'node:net';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { signedInContext } from './support/editor-session';

test.setTimeout(5 * 60_000);

/** A PNG of random pixels (they do not compress) of about `bytes` bytes. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(bytes / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, Math.min(i, pixels.length - 4));
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

test('a 14.9 MiB image is stored; past 15 MiB is a 413; anonymous large bodies are refused before reading', async ({
  browser,
  baseURL,
}) => {
  const MiB = 1024 * 1024;
  let png = await noisePng(14.8 * MiB);
  while (png.length > 14.95 * MiB) png = await noisePng(png.length * 0.99 - 0.1 * MiB);
  expect(png.length).toBeGreaterThan(14 * MiB);
  const { context } = await signedInContext(browser, 'editor@example.com');
  try {
    const upload = (body: Buffer, headers: Record<string, string> = {}) =>
      context.request.post('/api/v1/editor/media', {
        headers: { origin: baseURL!, 'content-type': 'image/png', ...headers },
        data: body,
        timeout: 120_000,
      });
    const stored = await upload(png);
    expect(stored.status(), await stored.text()).toBe(201);
    expect((await stored.json()).image).toMatchObject({ mime: 'image/png', bytes: png.length });

    const tooLarge = await upload(Buffer.concat([png, Buffer.alloc(MiB)]));
    expect(tooLarge.status()).toBe(413);
  } finally {
    await context.close();
  }
  // Only the head is sent: the answer comes before any of the body.
  const url = new URL(baseURL!);
  const status = await new Promise<number>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(
        `POST /api/v1/editor/media HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: image/png\r\nContent-Length: ${png.length}\r\n\r\n`,
      ),
    );
    socket.once('data', (chunk) => {
      resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString())?.[1]));
      socket.destroy();
    });
    socket.once('error', reject);
  });
  expect(status).toBe(413);
});
