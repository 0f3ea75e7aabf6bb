/**
 * A real streaming replica behind DATABASE_REPLICA_URLS: a primary cluster, a `pg_basebackup -R`
 * standby that applies every commit 2 s late (`recovery_min_apply_delay`), and two production
 * servers sharing Redis that read from it. Readers poll both while an editor publishes through
 * either: no response to a request sent more than 1 s after a publish was acknowledged may carry
 * the previous revision (a page is never rendered, and cached, from a replica behind the publish,
 * lib/db.ts), and an editor's save then reload, through the other instance, shows the save.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoDatabase } from '../../test-support/demo-database';
import { editorApi } from '../../test-support/editor-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import {
  printServerLogsOnFailure,
  sharedInstanceEnv,
  startProductionServer,
  stopProductionServer,
  type ProductionServer,
} from '../../test-support/production-server';
import { expectFreshAfterPublishes } from '../../test-support/publish-under-readers';
import { startStreamingReplica, type StreamingReplica } from '../../test-support/streaming-replica';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { deleteRedisKeys, testPrefix, waitFor, type TestDatabase } from './support';

const FILM = 'kiss-and-cry';
const AUTH_SECRET = randomBytes(48).toString('base64url');
const PUBLISHES = 10;

let build: OpsBuild;
let cluster: StreamingReplica;
let database: TestDatabase;
let standbyUrl: string;
let token: string;
let logDir: string;
const prefix = testPrefix('replica');
const servers: ProductionServer[] = [];
printServerLogsOnFailure();

const start = async (name: string, port: number) => {
  const server = await startProductionServer({
    build,
    logDir,
    name,
    port,
    env: sharedInstanceEnv({ databaseUrl: database.url, replicaUrls: standbyUrl, authSecret: AUTH_SECRET, prefix }),
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-replica-'));
  build = await ensureOpsBuild();
  cluster = await startStreamingReplica({ primaryPort: 5441, standbyPort: 5442, applyDelay: '2s' });
  ({ database, token } = await demoDatabase('replica', { tokenName: 'replica test', server: cluster.primaryUrl }));
  standbyUrl = cluster.onStandby(database.url);
  // The standby has everything so far: the servers start from a replica that is caught up.
  const standby = createDbClient(standbyUrl);
  try {
    await waitFor('the standby to replay the seed', () => standby.apiToken.count().then((n) => n > 0), 60_000, 250);
  } finally {
    await standby.$disconnect();
  }
}, 30 * 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopProductionServer(server)));
  await deleteRedisKeys(prefix);
  await database?.drop();
  await cluster?.stop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 120_000);

describe('a streaming replica 2 s behind, two instances sharing Redis', () => {
  it(
    `serves no previous revision more than 1 s after any of ${PUBLISHES} publishes was acknowledged, and an editor reads their save`,
    async () => {
      const [a, b] = [await start('a', 4300), await start('b', 4301)];

      // Warm: a first request to an instance renders and connects, which may take longer than the delay.
      for (const server of [a, b]) {
        await editorApi(server.url, token).ok('GET', `/api/v1/editor/films/${FILM}`);
        await fetch(`${server.url}/films/${FILM}`).then((response) => response.text());
      }
      // An editor's save, then reload through the other instance: the save shows, though the
      // standby does not have it yet.
      const standby = createDbClient(standbyUrl);
      await standby.user.count();
      const probe = `Replica Probe ${randomBytes(3).toString('hex')}`;
      const draft = await editorApi(a.url, token).ok('GET', `/api/v1/editor/films/${FILM}`);
      const saved = await editorApi(a.url, token).ok('PUT', `/api/v1/editor/films/${FILM}`, {
        baseRevision: draft.revision,
        content: { ...draft.content, title: probe },
        message: 'replica test: save',
      });
      // Asked at once, so the standby's 2 s delay need not also cover the reload below.
      const onStandby = await standby.revision
        .count({ where: { film: { slug: FILM }, number: saved.revision } })
        .finally(() => standby.$disconnect());
      const reloaded = await editorApi(b.url, token).ok('GET', `/api/v1/editor/films/${FILM}`);
      expect(onStandby, 'the standby applies commits 2 s late').toBe(0);
      expect(reloaded.revision).toBe(saved.revision);
      expect(reloaded.content.title).toBe(probe);

      await expectFreshAfterPublishes({
        servers: [a, b],
        token,
        slug: FILM,
        publishes: PUBLISHES,
        titlePrefix: 'Lagging Replica',
        // Longer than the standby's delay, so readers also meet it caught up between publishes.
        pauseMs: 3_000,
      });
    },
    15 * 60_000,
  );
});
