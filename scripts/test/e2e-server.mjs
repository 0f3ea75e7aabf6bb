// @ts-check
/**
 * The e2e suite's web server (`webServer` in playwright.config.ts): the demo content loaded into
 * DATABASE_URL (migrated first; both idempotent), the production build of the current sources
 * (built when they changed), then the standalone server through server/serve.mjs on E2E_PORT,
 * its log in test-results/e2e-server.log. Playwright stops it with SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureImageBuild, ensurePrismaClient, migrate, seedDemo, startStandaloneServer } from '../lib/build.mjs';
import { migrationsUpToDate } from '../lib/database.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';

const url = process.env.DATABASE_URL?.trim();
if (!url) {
  console.error('e2e: set DATABASE_URL (a database the tests may fill with the demo content), or run `npm run test:e2e`, which makes one.');
  process.exit(1);
}
const appEnv = {
  DATABASE_URL: url,
  AUTH_SECRET: process.env.AUTH_SECRET,
  CMS_DEMO_MODE: '1',
  // As the demo runs: pages in English, translated into French.
  SITE_LOCALES: process.env.SITE_LOCALES || 'en,fr',
  DEMO_PASSWORD: process.env.DEMO_PASSWORD || 'demo-password',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // e2e/webhooks.spec.ts's receiver listens on loopback.
  WEBHOOK_ALLOW_PRIVATE: '1',
  // Playwright's request contexts keep idle connections without reading the `Keep-Alive: timeout=`
  // hint, and one reused just as the server closes it fails with ECONNRESET: the server here
  // outlives any pause in a test run instead.
  KEEP_ALIVE_TIMEOUT: '600000',
  // Absolute: the seed (the demo's poster and stills) runs in the checkout, the server in the build's standalone folder.
  MEDIA_DIR: path.resolve(process.env.MEDIA_DIR || path.join(REPO_ROOT, 'test-results', 'e2e-media')),
};
await ensurePrismaClient();
if (!(await migrationsUpToDate(url))) await migrate(url, { quiet: true });
console.error('> loading the demo content');
await seedDemo(url, appEnv);
const build = await ensureImageBuild();
if (!build.built) console.error('> the production build is up to date');

const logFile = path.join(REPO_ROOT, 'test-results', 'e2e-server.log');
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const log = fs.openSync(logFile, 'w');
const server = await startStandaloneServer({
  port: Number(process.env.E2E_PORT),
  serverJs: build.serverJs,
  env: appEnv,
  stdio: ['ignore', log, log],
});
console.error(`> production server on ${server.url} (log: ${path.relative(REPO_ROOT, logFile)})`);
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT']))
  process.once(signal, () => void server.stop().finally(() => process.exit(0)));
server.child.once('exit', (code) => process.exit(code ?? 1));
