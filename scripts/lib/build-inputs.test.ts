import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildInputsHash } from './build.mjs';
import { REPO_ROOT } from './paths.mjs';

/**
 * `npm start` rebuilds when buildInputsHash changes: what git ignores (backups/, where
 * `npm run db:backup` writes, .data/, test results) must not change it, what git would track must.
 */
describe('the build check ignores what git ignores', () => {
  let root: string;
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    return result.stdout;
  };
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    git('init', '-q');
    fs.copyFileSync(path.join(REPO_ROOT, '.gitignore'), path.join(root, '.gitignore'));
    write('lib/a.ts', 'export const a = 1;\n');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'start');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('a backup, the data folder and test results leave the hash as it is', () => {
    const before = buildInputsHash(root);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    write('backups/filmcms-2026-12-03.dump', 'a backup');
    write('.data/media/0123/w320.webp', 'an image');
    write('test-results/e2e-server.log', 'a log');
    write('.env', 'SECRET=1');
    expect(buildInputsHash(root)).toBe(before);
  });

  test('an untracked source file or an edit changes it', () => {
    const before = buildInputsHash(root);
    write('lib/new.ts', 'export const b = 2;\n');
    const withNew = buildInputsHash(root);
    expect(withNew).not.toBe(before);
    write('lib/a.ts', 'export const a = 2;\n');
    expect(buildInputsHash(root)).not.toBe(withNew);
  });

  test("the checkout's own .gitignore ignores backups/", () => {
    const result = spawnSync('git', ['check-ignore', '-q', 'backups/filmcms.dump'], { cwd: REPO_ROOT });
    expect(result.status).toBe(0);
  });
});
