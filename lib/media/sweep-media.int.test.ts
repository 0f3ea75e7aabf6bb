/**
 * The media sweep: what a killed upload left (files or an empty folder no ImageAsset row names)
 * goes once unchanged for the grace period; an image with its row, and a fresh folder (an upload
 * in progress on another instance), stay.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { FileMediaStorage, mediaKey } from './storage';
import { sweepMedia } from './sweep-media';

let dir: string;
let storage: FileMediaStorage;
const newId = () => randomBytes(16).toString('hex');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-sweep-'));
  storage = new FileMediaStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sweepMedia', () => {
  it('removes folders no image row names once past the grace period, and nothing else', async () => {
    const kept = newId();
    await db().imageAsset.create({
      data: { id: kept, sha256: randomBytes(32).toString('hex'), width: 1, height: 1, mime: 'image/png', bytes: 1, variants: [] },
    });
    await storage.put(mediaKey(kept, 'w320', 'webp'), Buffer.from('kept'), 'image/webp');
    const orphan = newId();
    await storage.put(mediaKey(orphan, 'w320', 'webp'), Buffer.from('orphan'), 'image/webp');
    const empty = newId();
    mkdirSync(path.join(dir, empty));

    // Within the grace period (an upload may still be writing its row): nothing goes.
    expect((await sweepMedia({ storage, graceMs: 60_000 })).removed).toEqual([]);
    const later = new Date(Date.now() + 120_000);
    const { removed } = await sweepMedia({ storage, graceMs: 60_000, now: later });
    expect(removed.sort()).toEqual([orphan, empty].sort());
    expect(existsSync(path.join(dir, orphan))).toBe(false);
    expect(existsSync(path.join(dir, empty))).toBe(false);
    expect((await storage.get(mediaKey(kept, 'w320', 'webp')))?.toString()).toBe('kept');
  });
});
