/**
 * A killed upload leaves nothing behind: a production server is killed with SIGKILL while it
 * stores an upload's files, and what a kill leaves (an image folder with some files, an empty
 * folder, a half-written file) is swept by the next server at start-up (MEDIA_SWEEP_GRACE_MS=0
 * here; an hour by default): afterwards every image folder is one an ImageAsset row names.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, request, test } from '@playwright/test';
import { killHard, ownDatabase, startServer } from './support/own-server';

test.setTimeout(8 * 60_000);

const folders = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^[0-9a-f]{32}$/.test(name)) : []);

test('kill -9 during an upload, restart: no image folder without its image remains', async () => {
  const database = await ownDatabase('uploadkill');
  const { media } = database;
  const env = database.appEnv;
  await database.seed();
  const seeded = new Set(folders(media));
  expect(seeded.size).toBeGreaterThan(0);

  // Big enough that making its six variants takes a while (gradients: a small file, many pixels).
  const side = 5000;
  const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#336699' } })
    .composite([{ input: Buffer.from(`<svg width="${side}" height="${side}"><circle cx="2500" cy="2500" r="2000" fill="#c33"/></svg>`) }])
    .png()
    .toBuffer();

  let first: Awaited<ReturnType<typeof startServer>> | undefined;
  let second: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    first = await startServer(env);
    const api = await request.newContext({ baseURL: first.url, extraHTTPHeaders: { origin: first.url } });
    const { csrfToken } = await (await api.get('/api/auth/csrf')).json();
    const signIn = await api.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: 'editor@example.com', password: 'demo-password', callbackUrl: `${first.url}/editor` },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBeLessThan(400);

    const upload = api.post('/api/v1/editor/media', { headers: { 'content-type': 'image/png' }, data: png, timeout: 120_000 }).then(
      (response) => response.status(),
      () => 'killed' as const,
    );
    // The moment the upload's first file lands, the server dies (before its ImageAsset row exists).
    let killedWhileStoring = false;
    while (!killedWhileStoring) {
      if (folders(media).some((name) => !seeded.has(name))) {
        await killHard(first.child);
        killedWhileStoring = true;
      } else if ((await Promise.race([upload, new Promise((resolve) => setImmediate(() => resolve('pending')))])) !== 'pending') break;
    }
    await killHard(first.child);
    await upload;
    await api.dispose();

    // What other kills leave: an empty folder, and a folder holding only a half-written file.
    const empty = randomBytes(16).toString('hex');
    const halfWritten = randomBytes(16).toString('hex');
    fs.mkdirSync(path.join(media, empty));
    fs.mkdirSync(path.join(media, halfWritten));
    fs.writeFileSync(path.join(media, halfWritten, `w320.webp.${randomBytes(8).toString('hex')}.tmp`), 'half');

    second = await startServer({ ...env, MEDIA_SWEEP_GRACE_MS: '0' });
    const known = async () => new Set((await database.query<{ id: string }>('SELECT id FROM "ImageAsset"')).map(({ id }) => id));
    await expect
      .poll(
        async () => {
          const ids = await known();
          return folders(media).filter((name) => !ids.has(name));
        },
        { timeout: 60_000 },
      )
      .toEqual([]);
    const emptyFolders = folders(media).filter((name) => fs.readdirSync(path.join(media, name)).length === 0);
    expect(emptyFolders).toEqual([]);
    // The images that do exist keep their files.
    for (const id of seeded) expect(fs.readdirSync(path.join(media, id)).length, id).toBeGreaterThan(0);
    console.log(`killed while storing the upload's files: ${killedWhileStoring}`);
  } finally {
    if (first) await killHard(first.child);
    await second?.stop();
    await database.drop().catch(() => {});
  }
});
