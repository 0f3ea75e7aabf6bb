/**
 * A database outage on the production server: its own standalone server (server/serve.mjs) on a
 * throwaway PostgreSQL (the embedded binaries) holding the demo content, which is then stopped the
 * ways an operator or a crash stops it: `pg_ctl stop -m fast` (SIGINT) and `-m immediate`
 * (SIGQUIT). Reader pages that no cache holds (a search, a person, a list page, an unknown film, an
 * unvisited level), the APIs and sign-in's session answer 503 with Retry-After, never 500; pages a
 * cache holds may still answer 200. When the database is back, so are the pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { migrate, seedDemo, startStandaloneServer } from '../scripts/lib/build.mjs';
import { createFreshDatabase, findFreePort } from '../scripts/lib/database.mjs';
import { startEmbeddedPostgres } from '../scripts/lib/embedded-postgres.mjs';

test.setTimeout(10 * 60_000);

/** Each phase asks for a search and a person never asked for before (no cache can hold them). */
const fresh = (phase: string) => [`/search?q=never-searched-${phase}`, `/people/no-one-${phase}`, `/api/v1/films/never-${phase}`];
const ADDRESSES = [
  '/search?q=kiss',
  '/page/2',
  '/films/no-such-film',
  '/films/kiss-and-cry?spoilers=full',
  '/api/v1/films',
  '/api/v1/films/kiss-and-cry',
  '/api/auth/session',
  '/sitemap.xml',
];

async function statuses(base: string, phase: string) {
  const answers: { address: string; status: number; retryAfter: string | null; type: string }[] = [];
  for (const address of [...fresh(phase), ...ADDRESSES]) {
    const response = await fetch(`${base}${address}`, { redirect: 'manual', headers: { cookie: 'film-spoilers=full' } });
    await response.arrayBuffer();
    answers.push({
      address,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type') ?? '',
    });
  }
  return answers;
}

test('reader pages and APIs answer 503 with Retry-After while the database is down, never 500', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-e2e-'));
  fs.chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  let pg = await startEmbeddedPostgres({ dataDir, persistent: true, fast: true });
  const pgPort = pg.port;
  const databaseUrl = await createFreshDatabase(pg.adminUrl, 'outage');
  const appEnv = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'o'.repeat(48),
    CMS_DEMO_MODE: '1',
    DEMO_PASSWORD: 'demo-password',
    LOG_LEVEL: 'warn',
  };
  await migrate(databaseUrl, { quiet: true });
  await seedDemo(databaseUrl, appEnv);
  const server = await startStandaloneServer({ port: await findFreePort(), env: appEnv, stdio: 'ignore' });
  try {
    // Up: every address answers (no 5xx).
    for (const answer of await statuses(server.url, 'up')) expect(answer.status, answer.address).toBeLessThan(500);

    for (const signal of ['SIGINT', 'SIGQUIT'] as const) {
      process.kill(pg.pid!, signal);
      await expect
        .poll(
          () => {
            try {
              process.kill(pg.pid!, 0);
              return true;
            } catch {
              return false;
            }
          },
          { timeout: 30_000 },
        )
        .toBe(false);

      const down = await statuses(server.url, signal);
      const wrong = down.filter(({ status, retryAfter }) => !(status < 500 || (status === 503 && retryAfter !== null)));
      expect(wrong, `with the database stopped (${signal}): ${JSON.stringify(down)}`).toEqual([]);
      // The ones no cache can hold: a search never made, a person and a film never asked for.
      const [search, person, film] = fresh(signal);
      for (const address of [search, person, film]) {
        expect(down.find((answer) => answer.address === address)?.status, address).toBe(503);
      }
      expect(down.find((answer) => answer.address === search)?.type).toMatch(/^text\/html/);
      expect(down.find((answer) => answer.address === film)?.type).toMatch(/^application\/json/);

      pg = await startEmbeddedPostgres({ dataDir, persistent: true, fast: true, port: pgPort });
      await expect.poll(async () => (await fetch(`${server.url}/search?q=kiss`)).status, { timeout: 60_000, intervals: [500] }).toBe(200);
    }
  } finally {
    await server.stop();
    await pg.stop().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  }
});
