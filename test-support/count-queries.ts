import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../lib/generated/prisma/client';
import { env } from '../lib/env';

export type LoggedQuery = { sql: string; params: unknown[] };

let logged: LoggedQuery[] | null = null;
let loggingClient: PrismaClient | null = null;

/**
 * The SQL statements `fn` sends to PostgreSQL through db() (tests and the benchmark): db() is
 * pointed at a client that reports every query while `fn` runs, then back. Not for concurrent use.
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: LoggedQuery[] }> {
  if (!loggingClient) {
    const client = new PrismaClient({
      adapter: new PrismaPg({ connectionString: env().DATABASE_URL, max: 2 }),
      log: [{ emit: 'event', level: 'query' }],
    });
    client.$on('query', (event) => logged?.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] }));
    loggingClient = client as unknown as PrismaClient;
  }
  // lib/db.ts keeps its client on globalThis.prisma.
  const holder = globalThis as unknown as { prisma?: PrismaClient };
  const previous = holder.prisma;
  holder.prisma = loggingClient;
  logged = [];
  try {
    const result = await fn();
    return { result, queries: logged };
  } finally {
    logged = null;
    holder.prisma = previous;
  }
}

export async function disconnectQueryCounter(): Promise<void> {
  await loggingClient?.$disconnect();
  loggingClient = null;
}
