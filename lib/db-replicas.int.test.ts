/**
 * Read replicas (DATABASE_REPLICA_URLS, lib/db.ts) against a real streaming standby that applies
 * commits 2 s late: a model read goes to the standby only once it has replayed every write this
 * client recorded, else to the primary; writes, raw queries and transactions go to the primary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, parseReplicaUrls, type Db } from './db';
import { freshDatabase, waitFor, type TestDatabase } from '../scripts/ops/support';
import { startStreamingReplica, type StreamingReplica } from '../test-support/streaming-replica';

// Write positions in this process's memory, not in a Redis another test may share.
delete process.env.REDIS_URL;

let cluster: StreamingReplica;
let database: TestDatabase;
let client: Db;
let primaryOnly: Db;
let standbyOnly: Db;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

beforeAll(async () => {
  cluster = await startStreamingReplica({ primaryPort: 5443, standbyPort: 5444, applyDelay: '2s' });
  database = await freshDatabase('replicas', { server: cluster.primaryUrl });
  const standbyUrl = cluster.onStandby(database.url);
  standbyOnly = createDbClient(standbyUrl);
  primaryOnly = createDbClient(database.url);
  await waitFor('the standby to replay the migrations', () => standbyOnly.user.count().then(() => true), 60_000, 250);
  client = createDbClient(database.url, [standbyUrl]);
  // Connected before the tests: a first connection may take longer than the standby's delay.
  await Promise.all([client.user.count(), primaryOnly.user.count(), client.$queryRaw`SELECT 1`]);
}, 180_000);

afterAll(async () => {
  await client?.$disconnect();
  await primaryOnly?.$disconnect();
  await standbyOnly?.$disconnect();
  await database?.drop();
  await cluster?.stop();
}, 60_000);

describe('with DATABASE_REPLICA_URLS at a lagging standby', () => {
  it('a read right after a write sees it, while the standby does not have it yet', async () => {
    const written = email('written');
    await client.user.create({ data: { email: written, passwordHash: 'not-used' } });
    const [seen, onStandby] = await Promise.all([
      client.user.findUnique({ where: { email: written } }),
      standbyOnly.user.findUnique({ where: { email: written } }),
    ]);
    expect(onStandby).toBeNull();
    expect(seen).not.toBeNull();
    // The same after a transaction.
    const inTransaction = email('in-transaction');
    await client.$transaction((tx) => tx.user.create({ data: { email: inTransaction, passwordHash: 'not-used' } }));
    expect(await client.user.count({ where: { email: inTransaction } })).toBe(1);
  });

  it('reads go to the standby once it has replayed what was written through the client', async () => {
    const written = email('replayed');
    await client.user.create({ data: { email: written, passwordHash: 'not-used' } });
    await waitFor('the standby to replay the write', () => standbyOnly.user.findUnique({ where: { email: written } }), 30_000, 100);
    // A write this client did not make (and so did not record) is on the primary only for 2 s:
    // a read that finds nothing there came from the standby.
    const elsewhere = email('elsewhere');
    await primaryOnly.user.create({ data: { email: elsewhere, passwordHash: 'not-used' } });
    expect(await client.user.findUnique({ where: { email: elsewhere } })).toBeNull();
    expect(await primaryOnly.user.findUnique({ where: { email: elsewhere } })).not.toBeNull();
  });

  it('transactions and raw queries use the primary', async () => {
    const [raw] = await client.$queryRaw<Array<{ standby: boolean }>>`SELECT pg_is_in_recovery() AS standby`;
    expect(raw.standby).toBe(false);
    const [inTransaction] = await client.$transaction(
      (tx) => tx.$queryRaw<Array<{ standby: boolean }>>`SELECT pg_is_in_recovery() AS standby`,
    );
    expect(inTransaction.standby).toBe(false);
  });
});

describe('parseReplicaUrls', () => {
  it('reads a comma-separated list, ignoring blanks', () => {
    expect(parseReplicaUrls('')).toEqual([]);
    expect(parseReplicaUrls(' postgresql://a/x , ,postgres://b/y ')).toEqual(['postgresql://a/x', 'postgres://b/y']);
  });

  it('names a wrong entry', () => {
    expect(() => parseReplicaUrls('postgresql://a/x,mysql://b/y')).toThrow(/entry 2 must be a postgresql:\/\/ URL/);
  });
});
