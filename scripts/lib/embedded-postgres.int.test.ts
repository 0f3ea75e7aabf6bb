/**
 * As root, PostgreSQL runs as the `postgres` OS user, which cannot enter a
 * checkout in a private folder (`/root/x`). The cluster of `npm start` then lives in a per-checkout
 * folder under /var/tmp (here: a stand-in for it), and starts there. Real folders with real modes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient } from './database.mjs';
import { claimSharedParent, embeddedDataDir, searchableBy, startEmbeddedPostgres } from './embedded-postgres.mjs';

let root = '';
let privateCheckout = '';
let openCheckout = '';
let varTmp = '';
// Someone who is neither the owner nor in the group of the folders made here.
const stranger = { uid: 54_321, gid: 54_321 };

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-data-dir-'));
  fs.chmodSync(root, 0o755);
  fs.mkdirSync(path.join(root, 'private'), { mode: 0o700 });
  fs.chmodSync(path.join(root, 'private'), 0o700);
  privateCheckout = path.join(root, 'private', 'checkout');
  fs.mkdirSync(privateCheckout);
  openCheckout = path.join(root, 'open', 'checkout');
  fs.mkdirSync(openCheckout, { recursive: true, mode: 0o755 });
  varTmp = path.join(root, 'var-tmp');
  fs.mkdirSync(varTmp, { mode: 0o755 });
  fs.chmodSync(varTmp, 0o1777);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('where npm start keeps its embedded cluster', () => {
  it('reads the search bits of every parent', () => {
    expect(searchableBy(openCheckout, stranger)).toBe(true);
    expect(searchableBy(privateCheckout, stranger)).toBe(false);
    // The owner of the private folder may enter it.
    const owner = fs.statSync(path.join(root, 'private'));
    expect(searchableBy(privateCheckout, { uid: owner.uid, gid: -1 })).toBe(true);
  });

  it('is .data/postgres in the checkout when PostgreSQL runs as this user, or when its user can reach the checkout', () => {
    expect(embeddedDataDir(privateCheckout, { runAs: null, varTmp })).toEqual({
      dataDir: path.join(privateCheckout, '.data', 'postgres'),
      outside: false,
    });
    expect(embeddedDataDir(openCheckout, { runAs: stranger, varTmp })).toEqual({
      dataDir: path.join(openCheckout, '.data', 'postgres'),
      outside: false,
    });
  });

  it('is a folder of its own under /var/tmp, one per checkout, when a parent of the checkout is private', () => {
    const chosen = embeddedDataDir(privateCheckout, { runAs: stranger, varTmp });
    expect(chosen.outside).toBe(true);
    expect(chosen.dataDir).toMatch(new RegExp(`^${varTmp}/film-cms-[0-9a-f]{12}/postgres$`));
    expect(embeddedDataDir(privateCheckout, { runAs: stranger, varTmp })).toEqual(chosen);
    const other = path.join(root, 'private', 'other-checkout');
    fs.mkdirSync(other);
    expect(embeddedDataDir(other, { runAs: stranger, varTmp }).dataDir).not.toBe(chosen.dataDir);
  });

  it('stays in the checkout when a cluster is already there', () => {
    const existing = path.join(privateCheckout, '.data', 'postgres');
    fs.mkdirSync(existing, { recursive: true });
    fs.writeFileSync(path.join(existing, 'PG_VERSION'), '17\n');
    try {
      expect(embeddedDataDir(privateCheckout, { runAs: stranger, varTmp })).toEqual({ dataDir: existing, outside: false });
    } finally {
      fs.rmSync(path.join(privateCheckout, '.data'), { recursive: true });
    }
  });

  it('refuses a folder under /var/tmp that is a symlink or open to others', () => {
    const target = path.join(root, 'elsewhere');
    fs.mkdirSync(target);
    fs.symlinkSync(target, path.join(varTmp, 'film-cms-symlinked'));
    expect(() => claimSharedParent(path.join(varTmp, 'film-cms-symlinked'))).toThrow(/not a directory owned by this user/);
    fs.mkdirSync(path.join(varTmp, 'film-cms-open'));
    fs.chmodSync(path.join(varTmp, 'film-cms-open'), 0o777);
    expect(() => claimSharedParent(path.join(varTmp, 'film-cms-open'))).toThrow(/closed to others/);
    claimSharedParent(path.join(varTmp, 'film-cms-new'));
    expect(fs.statSync(path.join(varTmp, 'film-cms-new')).mode & 0o777).toBe(0o755);
  });

  it('starts a cluster for a checkout in a private folder (as root: as the postgres user, under /var/tmp)', async () => {
    const isRoot = process.getuid?.() === 0;
    const { dataDir, outside } = embeddedDataDir(privateCheckout, { varTmp });
    expect(outside).toBe(isRoot);
    const server = await startEmbeddedPostgres({ dataDir, persistent: false, sharedParent: outside });
    try {
      const answer = await withClient(server.adminUrl, async (client) => (await client.query('SELECT current_user AS who')).rows[0]);
      expect(answer).toEqual({ who: 'postgres' });
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
