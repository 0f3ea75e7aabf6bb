import 'server-only';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '../env';

/**
 * Where image files live: one interface, a folder by default (MEDIA_DIR, a Docker volume in
 * production) or any S3 API (MinIO, AWS, R2…) when MEDIA_S3_* are set. Keys are
 * "{imageId}/{variant}.{ext}" (mediaKey); the app serves every key at `url(key)`, /media/{key},
 * so readers never talk to the bucket and the bucket stays private.
 */
export interface MediaStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The address the app serves the file at. */
  url(key: string): string;
}

/** "{32 hex}/{variant}.{avif|webp}": nothing else is ever a key, so no key can leave the folder or bucket prefix. */
const KEY = /^[0-9a-f]{32}\/[a-z0-9-]{1,32}\.(avif|webp)$/;

export function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`media storage: not a media key: ${JSON.stringify(key)}`);
}

export const mediaKey = (imageId: string, variant: string, format: string) => `${imageId}/${variant}.${format}`;
const mediaUrl = (key: string) => `/media/${key}`;

export class FileMediaStorage implements MediaStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string) {
    assertMediaKey(key);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(path.dirname(file), { recursive: false }).catch(() => {}); // the image's folder, once empty
  }

  url(key: string): string {
    return mediaUrl(key);
  }
}

export type S3Settings = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Bucket in the path (http://minio:9000/bucket/key): what MinIO and most S3 APIs expect.
      forcePathStyle: true,
    });
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertMediaKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  url(key: string): string {
    return mediaUrl(key);
  }
}

let cached: MediaStorage | undefined;

/** The storage the environment names (S3 when MEDIA_S3_* are set, else MEDIA_DIR). */
export function mediaStorage(): MediaStorage {
  if (cached) return cached;
  const e = env();
  cached =
    e.MEDIA_S3_ENDPOINT && e.MEDIA_S3_BUCKET && e.MEDIA_S3_KEY && e.MEDIA_S3_SECRET
      ? new S3MediaStorage({
          endpoint: e.MEDIA_S3_ENDPOINT,
          bucket: e.MEDIA_S3_BUCKET,
          accessKeyId: e.MEDIA_S3_KEY,
          secretAccessKey: e.MEDIA_S3_SECRET,
          region: e.MEDIA_S3_REGION,
        })
      : new FileMediaStorage(path.resolve(e.MEDIA_DIR));
  return cached;
}
