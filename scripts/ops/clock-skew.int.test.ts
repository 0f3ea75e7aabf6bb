/**
 * Two instances of the production server sharing one database and one Redis, the second one's
 * clock 5 s ahead (Debian's faketime): readers on both while an editor publishes 25 times through
 * either. Cache validity is by version (lib/cache/tag-versions.mjs), so no response to a request
 * sent more than 1 s after a publish was acknowledged may carry the previous revision.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoDatabase } from '../../test-support/demo-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sharedInstanceEnv,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from '../../test-support/production-server';
import { expectFreshAfterPublishes } from '../../test-support/publish-under-readers';
import { PROGRAMS, requirePrograms } from '../../test-support/required-programs.mjs';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { deleteRedisKeys, testPrefix, type TestDatabase } from './support';

// Before the build and the servers: without faketime the second instance could not start.
requirePrograms('the clock-skew test', [PROGRAMS.faketime]);

const FILM = 'kiss-and-cry';
const AUTH_SECRET = randomBytes(48).toString('base64url');
const PUBLISHES = 25;

let build: OpsBuild;
let database: TestDatabase;
let token: string;
let logDir: string;
const prefix = testPrefix('skew');
const servers: ProductionServer[] = [];

async function startServer(name: string, clockAhead: string | null): Promise<ProductionServer> {
  const server = await startProductionServer({
    build,
    logDir,
    name,
    wrapper: clockAhead ? ['faketime', '-f', clockAhead] : [],
    env: sharedInstanceEnv({ databaseUrl: database.url, authSecret: AUTH_SECRET, prefix }),
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-skew-'));
  build = await ensureOpsBuild();
  ({ database, token } = await demoDatabase('skew', { tokenName: 'clock skew test' }));
}, 30 * 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopProductionServer(server)));
  await deleteRedisKeys(prefix);
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('two instances, one clock 5 s ahead', () => {
  it(
    `serves no previous revision more than 1 s after any of ${PUBLISHES} publishes was acknowledged`,
    async () => {
      const [a, b] = [await startServer('a', null), await startServer('b-ahead', '+5s')];
      // The skew is real: the second instance's Date header is ahead.
      const dates = await Promise.all(
        [a, b].map(async (server) => Date.parse((await fetch(`${server.url}/api/health`)).headers.get('date')!)),
      );
      expect(dates[1] - dates[0]).toBeGreaterThanOrEqual(3_000);

      await expectFreshAfterPublishes({
        servers: [a, b],
        token,
        slug: FILM,
        publishes: PUBLISHES,
        titlePrefix: 'Skewed Clocks',
        // Readers keep going between publishes, long enough for the 1 s grace to pass and for
        // several readings after it even when each re-render takes a second.
        pauseMs: 3_000,
      });
    },
    15 * 60_000,
  );
});
