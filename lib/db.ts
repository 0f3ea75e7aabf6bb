import 'server-only';
import { appendFileSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';
import { env } from './env';
import { isDatabaseUnavailable } from './db-errors';
import { markDatabaseUnavailable } from './http/outage.mjs';

/**
 * One Prisma client per process (kept on globalThis so dev hot reloads don't open new pools).
 * The generated client is Rust-free: it talks to PostgreSQL through the pg driver adapter.
 *
 * With DATABASE_REPLICA_URLS (comma-separated streaming replicas), a model read outside a
 * transaction goes to a replica that has replayed every write acknowledged so far, else to the
 * primary: see readingFromReplicas. Writes, raw queries and transactions go to DATABASE_URL.
 */
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

/**
 * Interactive transactions may take 15 s (Prisma's default is 5 s): publishing a large page writes
 * many rows, and on a busy server a transaction that expires midway surfaces as a confusing error
 * (seen as foreign-key violations in the nested quiz writes of a publish).
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

function clientFor(url: string, logFile?: string): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: 10 });
  if (!logFile) return new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  const client = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS, log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', (event) => appendStatement(logFile, event.query));
  return client;
}

/**
 * DB_QUERY_LOG: one line per SQL statement sent, so `npm run bench` can count a running server's
 * statements per HTTP request. Synchronous, so a statement is in the file before its response is
 * sent; for measuring only, never in production.
 */
function appendStatement(file: string, sql: string) {
  appendFileSync(file, `${sql.replace(/\s+/gu, ' ').slice(0, 160)}\n`);
}

/** The replica URLs of DATABASE_REPLICA_URLS; each must be a postgresql:// URL. */
export function parseReplicaUrls(value: string): string[] {
  const urls = value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const [i, url] of urls.entries()) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error(`Invalid environment: DATABASE_REPLICA_URLS entry ${i + 1} must be a postgresql:// URL`);
  }
  return urls;
}

/** A client for `url`, reading from `replicaUrls` when there are any; `queryLog`: see appendStatement. */
export function createDbClient(url: string, replicaUrls: string[] = [], { queryLog }: { queryLog?: string } = {}): PrismaClient {
  const primary = noticingOutages(clientFor(url, queryLog));
  if (replicaUrls.length === 0) return primary;
  return readingFromReplicas(
    primary,
    replicaUrls.map((replicaUrl) => noticingOutages(clientFor(replicaUrl, queryLog))),
  );
}

const READ_OPERATIONS = new Set([
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'findUnique',
  'findUniqueOrThrow',
  'groupBy',
  'aggregate',
  'count',
]);

type Position = Array<{ position: string | null }>;

/**
 * Read-your-writes over lagging replicas, for every reader and editor alike. After each write
 * commits (a model write, a raw statement, a `$transaction`) and before it returns, the primary's
 * WAL insert position (past the commit record even with synchronous_commit off) is recorded with the cache's versions (lib/cache/tag-versions.mjs: Redis, shared by
 * every instance, else this process). A model read outside a transaction then goes to a replica
 * only if that replica has replayed at least that far (`pg_last_wal_replay_lsn()`, remembered per
 * replica since replay only moves forward); otherwise, or when the position cannot be read, the
 * primary answers at once. So a page rendered after a publish was acknowledged (and cached with
 * the version read at its start) never comes from a replica that is behind the publish, and an
 * editor's reload shows their save. No waiting for a lagging replica: the reads that find it
 * behind are the few cache misses right after a write, and the primary serves them without delay.
 * A process's first read records the primary's position once, so writes made before it started
 * (or by a process without replicas) count too. @prisma/extension-read-replicas, used before,
 * sends every read to a random replica whatever its lag, with no hook to choose.
 */
function readingFromReplicas(primary: PrismaClient, replicas: PrismaClient[]): PrismaClient {
  const replayed = replicas.map(() => -1);
  const positions = () => import('./cache/tag-versions.mjs');
  const recordWrite = async () => {
    const [row] = await primary.$queryRaw<Position>`SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS position`;
    await (await positions()).recordWritePosition(Number(row.position));
  };
  let floor: Promise<void> | null = null;

  async function caughtUpReplica(): Promise<PrismaClient | null> {
    let required: number;
    try {
      floor ??= recordWrite().catch((error) => {
        floor = null;
        throw error;
      });
      await floor;
      required = await (await positions()).requiredWritePosition();
    } catch {
      return null;
    }
    const first = Math.floor(Math.random() * replicas.length);
    for (let k = 0; k < replicas.length; k++) {
      const i = (first + k) % replicas.length;
      if (replayed[i] < required) {
        try {
          // NULL: not replaying (not a standby), never used.
          const [row] = await replicas[i].$queryRaw<Position>`SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::text AS position`;
          if (row.position !== null) replayed[i] = Math.max(replayed[i], Number(row.position));
        } catch {
          continue;
        }
      }
      if (replayed[i] >= required) return replicas[i];
    }
    return null;
  }

  return primary.$extends({
    client: {
      async $transaction(...args: Parameters<PrismaClient['$transaction']>) {
        const result = await (primary.$transaction as (...a: typeof args) => Promise<unknown>)(...args);
        await recordWrite();
        return result;
      },
      async $disconnect() {
        await Promise.all([primary.$disconnect(), ...replicas.map((replica) => replica.$disconnect())]);
      },
    },
    query: {
      // @ts-expect-error __internalParams is Prisma's, not in the extension's types (as in @prisma/extension-read-replicas)
      async $allOperations({ args, model, operation, query, __internalParams: { transaction } }) {
        if (transaction) return query(args);
        if (model && READ_OPERATIONS.has(operation)) {
          const replica = await caughtUpReplica();
          if (replica)
            return (replica as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[model][operation](args);
          return query(args);
        }
        const result = await query(args);
        await recordWrite();
        return result;
      },
    },
  }) as unknown as PrismaClient;
}

/**
 * Every query that fails because the database is unreachable leaves a note (lib/http/outage.mjs),
 * so the server answers a page whose render failed on it with 503, not Next's 500.
 */
function noticingOutages(client: PrismaClient): PrismaClient {
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          if (isDatabaseUnavailable(error)) markDatabaseUnavailable();
          throw error;
        }
      },
    },
  }) as unknown as PrismaClient;
}

export function db(): PrismaClient {
  if (!globalForDb.prisma) {
    const { DATABASE_URL, DATABASE_REPLICA_URLS, DB_QUERY_LOG } = env();
    globalForDb.prisma = createDbClient(DATABASE_URL, parseReplicaUrls(DATABASE_REPLICA_URLS), { queryLog: DB_QUERY_LOG });
  }
  return globalForDb.prisma;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Closes the pools (primary and replicas); the next db() opens new ones. */
export async function disconnectDb(): Promise<void> {
  const client = globalForDb.prisma;
  globalForDb.prisma = undefined;
  await client?.$disconnect();
}
