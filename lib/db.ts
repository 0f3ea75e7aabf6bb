import 'server-only';
import { appendFileSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { readReplicas } from '@prisma/extension-read-replicas';
import { PrismaClient } from './generated/prisma/client';
import { env } from './env';
import { isDatabaseUnavailable } from './db-errors';
import { markDatabaseUnavailable } from './http/outage.mjs';

/**
 * One Prisma client per process (kept on globalThis so dev hot reloads don't open new pools).
 * The generated client is Rust-free: it talks to PostgreSQL through the pg driver adapter.
 *
 * With DATABASE_REPLICA_URLS (comma-separated), model reads outside a transaction (findMany,
 * findUnique, count, …) go to a random replica; writes, raw queries and everything inside
 * `$transaction` go to DATABASE_URL. Replicas lag: code that must read what it just wrote reads
 * inside a transaction (see docs/deploy.md).
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
  const primary = clientFor(url, queryLog);
  if (replicaUrls.length === 0) return noticingOutages(primary);
  // The extended client keeps PrismaClient's API (plus $primary()/$replica()); typed as the plain
  // client so callers and Tx stay as they are.
  return noticingOutages(
    primary.$extends(
      readReplicas({ replicas: replicaUrls.map((replicaUrl) => clientFor(replicaUrl, queryLog)) }),
    ) as unknown as PrismaClient,
  );
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
