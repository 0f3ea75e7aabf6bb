/**
 * The media storage contract, run against each implementation for real: the filesystem one in a
 * temporary folder, and the S3 one against an S3-compatible server started here (s3rver, an
 * in-process S3 API over HTTP: no MinIO binary can be installed from npm or Debian on this
 * machine, and the test never mocks the SDK). A MinIO server is used instead when
 * TEST_S3_ENDPOINT (+ TEST_S3_KEY, TEST_S3_SECRET, TEST_S3_BUCKET) names one.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { FileMediaStorage, S3MediaStorage, type MediaStorage } from './storage';

const ID = '0123456789abcdef0123456789abcdef';

function contract(name: string, make: () => MediaStorage) {
  describe(name, () => {
    it('puts, gets and deletes a file by key', async () => {
      const storage = make();
      const key = `${ID}/w320.webp`;
      const body = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 255, 0]);
      await storage.put(key, body, 'image/webp');
      expect(new Uint8Array((await storage.get(key))!)).toEqual(body);
      await storage.put(key, new Uint8Array([9]), 'image/webp');
      expect([...(await storage.get(key))!]).toEqual([9]);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key); // deleting what is gone is fine
    });

    it('answers null for a file it never had and serves every key under /media', async () => {
      const storage = make();
      expect(await storage.get(`${ID}/w640.avif`)).toBeNull();
      expect(storage.url(`${ID}/w640.avif`)).toBe(`/media/${ID}/w640.avif`);
    });

    it('refuses a key that is not a media key, so nothing can leave its folder or prefix', async () => {
      const storage = make();
      for (const key of ['../etc/passwd', `${ID}/../../x.webp`, `${ID}/w320.svg`, 'abc/w320.webp', `${ID}\\w320.webp`]) {
        await expect(storage.put(key, new Uint8Array([1]), 'image/webp')).rejects.toThrow(/not a media key/);
        await expect(storage.get(key)).rejects.toThrow(/not a media key/);
      }
    });
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-storage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

contract('filesystem storage', () => new FileMediaStorage(dir));

describe('filesystem storage on disk', () => {
  it('writes under MEDIA_DIR/{id}/ and leaves no temporary file behind', async () => {
    const storage = new FileMediaStorage(dir);
    await storage.put(`${ID}/w1280.avif`, new Uint8Array([1, 2]), 'image/avif');
    expect(await readdir(path.join(dir, ID))).toEqual(['w1280.avif']);
    await storage.delete(`${ID}/w1280.avif`);
  });
});

// ---- S3
let s3rver: S3rver | null = null;
let s3Dir: string;
let settings: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

beforeAll(async () => {
  if (process.env.TEST_S3_ENDPOINT) {
    settings = {
      endpoint: process.env.TEST_S3_ENDPOINT,
      bucket: process.env.TEST_S3_BUCKET ?? 'film-media-test',
      accessKeyId: process.env.TEST_S3_KEY ?? 'minioadmin',
      secretAccessKey: process.env.TEST_S3_SECRET ?? 'minioadmin',
      region: 'us-east-1',
    };
    const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: settings });
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket })).catch(() => {});
    return;
  }
  s3Dir = await mkdtemp(path.join(tmpdir(), 'media-s3-'));
  // s3rver accepts the key pair S3RVER/S3RVER and checks each request's signature with it.
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'film-media-test', configs: [] }],
  });
  const address = (await s3rver.run()) as AddressInfo;
  settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket: 'film-media-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
});
afterAll(async () => {
  await s3rver?.close();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

contract('S3 storage', () => new S3MediaStorage(settings));

describe('S3 storage errors', () => {
  it('fails loudly on a bucket that does not exist instead of answering “no file”', async () => {
    const storage = new S3MediaStorage({ ...settings, bucket: 'no-such-bucket-here' });
    await expect(storage.get(`${ID}/w320.webp`)).rejects.toThrow(/bucket/i);
    await expect(storage.put(`${ID}/w320.webp`, new Uint8Array([1]), 'image/webp')).rejects.toThrow(/bucket/i);
  });
});
