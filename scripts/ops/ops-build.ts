/**
 * The production build the operations tests run, made the way the Docker image makes it: `next
 * build` with output "standalone", without a database or Redis, with a fixed Server Actions key;
 * then `.next/static` and `public/` copied next to server.js as the Dockerfile does. It goes to
 * its own folder (.next-ops) and is reused while the sources are unchanged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, buildModule } from './support';

export const OPS_DIST = '.next-ops';
const DIST_DIR = path.join(REPO_ROOT, OPS_DIST);
export const OPS_STANDALONE = path.join(DIST_DIR, 'standalone');
const STAMP = path.join(DIST_DIR, 'ops-build.json');

export type OpsBuild = { standalone: string; serverJs: string; serverActionsKey: string; built: boolean };

/** The build, made if missing or out of date. */
export async function ensureOpsBuild(): Promise<OpsBuild> {
  const { buildInputsHash, runOrThrow } = await buildModule();
  const hash = buildInputsHash();
  const serverJs = path.join(OPS_STANDALONE, 'server.js');
  const stamp = readStamp();
  if (hash && stamp?.hash === hash && fs.existsSync(serverJs))
    return { standalone: OPS_STANDALONE, serverJs, serverActionsKey: stamp.key, built: false };

  const key = randomBytes(32).toString('base64');
  const tsconfig = path.join(REPO_ROOT, 'tsconfig.json');
  const tsconfigBefore = fs.readFileSync(tsconfig, 'utf8');
  fs.rmSync(STAMP, { force: true });
  try {
    await runOrThrow(process.execPath, [path.join(REPO_ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      // Like the image's build stage: no database, no Redis (empty counts as unset), one key.
      env: {
        NODE_ENV: 'production',
        NEXT_DIST_DIR: OPS_DIST,
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key,
        DATABASE_URL: '',
        DATABASE_REPLICA_URLS: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    restoreTsconfig(tsconfig, tsconfigBefore);
  }
  // The Dockerfile's runner stage: static assets and public/ beside the server.
  const copies: Array<[string, string]> = [
    [path.join(DIST_DIR, 'static'), path.join(OPS_STANDALONE, OPS_DIST, 'static')],
    [path.join(REPO_ROOT, 'public'), path.join(OPS_STANDALONE, 'public')],
  ];
  for (const [from, to] of copies) {
    fs.rmSync(to, { recursive: true, force: true });
    if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true });
  }
  fs.writeFileSync(STAMP, JSON.stringify({ hash, key }) + '\n');
  return { standalone: OPS_STANDALONE, serverJs, serverActionsKey: key, built: true };
}

function readStamp(): { hash: string; key: string } | null {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * `next build` adds its dist folder's type paths to tsconfig.json's include list; this folder is
 * the tests' own, so take out only what the build added (the file is shared with everyone).
 */
function restoreTsconfig(file: string, before: string) {
  const after = fs.readFileSync(file, 'utf8');
  if (after === before) return;
  try {
    const config = JSON.parse(after) as { include?: string[] };
    const had = new Set((JSON.parse(before) as { include?: string[] }).include ?? []);
    config.include = (config.include ?? []).filter((entry) => had.has(entry) || !entry.startsWith(`${OPS_DIST}/`));
    fs.writeFileSync(file, JSON.stringify(config, null, 2) + '\n');
  } catch {
    // Not JSON we can read: leave it.
  }
}
