/**
 * Read replicas (DATABASE_REPLICA_URLS, lib/db.ts): model reads go to a replica; writes, raw
 * queries and transactions to the primary. The "replica" here is a second database with a row the
 * primary doesn't have, so where each query went shows in what it finds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, parseReplicaUrls, type Db } from './db';
import { cloneDatabase, freshDatabase, type TestDatabase } from '../scripts/ops/support';

let primary: TestDatabase;
let replica: TestDatabase;
let client: Db;
const onlyOnReplica = `replica-only-${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  primary = await freshDatabase('primary');
  replica = await cloneDatabase(primary, 'replica');
  const replicaOnly = createDbClient(replica.url);
  await replicaOnly.user.create({ data: { email: onlyOnReplica, passwordHash: 'not-used' } });
  await replicaOnly.$disconnect();
  client = createDbClient(primary.url, [replica.url]);
}, 120_000);

afterAll(async () => {
  await client?.$disconnect();
  await primary?.drop();
  await replica?.drop();
});

describe('with DATABASE_REPLICA_URLS', () => {
  it('model reads go to the replica', async () => {
    expect(await client.user.findUnique({ where: { email: onlyOnReplica } })).not.toBeNull();
    expect(await client.user.count({ where: { email: onlyOnReplica } })).toBe(1);
    expect((await client.user.findMany()).map((u) => u.email)).toContain(onlyOnReplica);
  });

  it('writes go to the primary', async () => {
    const email = `written-${Date.now().toString(36)}@example.com`;
    await client.user.create({ data: { email, passwordHash: 'not-used' } });
    // Not on the replica (this one doesn't replicate): the write went to the primary…
    expect(await client.user.findUnique({ where: { email } })).toBeNull();
    // …as a transaction, which reads the primary, shows.
    expect(await client.$transaction((tx) => tx.user.findUnique({ where: { email } }))).not.toBeNull();
  });

  it('transactions and raw queries use the primary', async () => {
    expect(await client.$transaction((tx) => tx.user.findUnique({ where: { email: onlyOnReplica } }))).toBeNull();
    const [row] = await client.$queryRaw<Array<{ db: string }>>`SELECT current_database() AS db`;
    expect(row.db).toBe(primary.name);
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
