import 'server-only';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { env } from '../env';

/**
 * Where image files live: one interface, a folder by default (MEDIA_DIR, a Docker volume in
 * production) or any S3 API (MinIO, AWS, R2…) when MEDIA_S3_* are set. Keys are
 * "{imageId}/{variant}.{ext}", "{imageId}/v{version}-{variant}.{ext}" after a replace (mediaKey); the app serves every key at `url(key)`, /media/{key},
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
  /** Every image id that has anything stored (files, or a folder a killed upload left), with when it last changed. */
  listImages(): Promise<{ id: string; modifiedAt: Date }[]>;
  /** Removes everything stored under an image id, half-written files and the folder included. */
  deleteImage(id: string): Promise<void>;
  /** Moves an image's files to another id (the files are copied, then the old ones removed). */
  moveImage(from: string, to: string): Promise<void>;
}

const IMAGE_ID = /^[0-9a-f]{32}$/;
function assertImageId(id: string): void {
  if (!IMAGE_ID.test(id)) throw new Error(`media storage: not an image id: ${JSON.stringify(id)}`);
}

/** "{32 hex}/{variant}.{avif|webp}": nothing else is ever a key, so no key can leave the folder or bucket prefix. */
const KEY = /^[0-9a-f]{32}\/[a-z0-9-]{1,32}\.(avif|webp)$/;

export function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`media storage: not a media key: ${JSON.stringify(key)}`);
}

/**
 * A file's key. The first upload's files are "{id}/{variant}.{ext}"; a replaced file's version N
 * (2 on) gets new names, "{id}/v{N}-{variant}.{ext}", so a replace writes beside the files in use
 * and removes them only once the row names the new ones (replace-image.ts). One folder per image
 * still, so deleting, moving and sweeping an image take every version.
 */
export const mediaKey = (imageId: string, variant: string, format: string, version = 1) =>
  `${imageId}/${version > 1 ? `v${version}-` : ''}${variant}.${format}`;
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

  async listImages(): Promise<{ id: string; modifiedAt: Date }[]> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const images: { id: string; modifiedAt: Date }[] = [];
    for (const entry of entries) {
      if (!entry.isDirectory() || !IMAGE_ID.test(entry.name)) continue;
      const folder = path.join(this.dir, entry.name);
      try {
        // The folder's own time changes when a file is created in it; a file being written changes its own.
        let latest = (await stat(folder)).mtimeMs;
        for (const name of await readdir(folder)) latest = Math.max(latest, (await stat(path.join(folder, name))).mtimeMs);
        images.push({ id: entry.name, modifiedAt: new Date(latest) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // removed meanwhile
      }
    }
    return images;
  }

  async deleteImage(id: string): Promise<void> {
    assertImageId(id);
    await rm(path.join(this.dir, id), { recursive: true, force: true });
  }

  async moveImage(from: string, to: string): Promise<void> {
    assertImageId(from);
    assertImageId(to);
    const source = path.join(this.dir, from);
    const names = await readdir(source).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) {
      if (!KEY.test(`${from}/${name}`)) continue; // a half-written file stays behind and goes with the folder
      await this.put(`${to}/${name}`, await readFile(path.join(source, name)));
    }
    await this.deleteImage(from);
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

  private async keysUnder(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const keys: { key: string; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key) keys.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async listImages(): Promise<{ id: string; modifiedAt: Date }[]> {
    const images = new Map<string, Date>();
    for (const { key, modifiedAt } of await this.keysUnder('')) {
      const id = key.split('/')[0]!;
      if (!IMAGE_ID.test(id)) continue;
      const seen = images.get(id);
      if (!seen || seen < modifiedAt) images.set(id, modifiedAt);
    }
    return [...images].map(([id, modifiedAt]) => ({ id, modifiedAt }));
  }

  async deleteImage(id: string): Promise<void> {
    assertImageId(id);
    for (const { key } of await this.keysUnder(`${id}/`))
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async moveImage(from: string, to: string): Promise<void> {
    assertImageId(from);
    assertImageId(to);
    for (const { key } of await this.keysUnder(`${from}/`)) {
      if (!KEY.test(key)) continue;
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.settings.bucket,
          CopySource: `${this.settings.bucket}/${key}`,
          Key: `${to}/${key.slice(from.length + 1)}`,
        }),
      );
    }
    await this.deleteImage(from);
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
