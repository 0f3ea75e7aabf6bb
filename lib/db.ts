import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';
import { env } from './env';

/**
 * One Prisma client per process (kept on globalThis so dev hot reloads don't open new pools).
 * The generated client is Rust-free: it talks to PostgreSQL through the pg driver adapter.
 */
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: env().DATABASE_URL, max: 10 });
  return new PrismaClient({ adapter });
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createClient();
  return globalForDb.prisma;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export async function disconnectDb(): Promise<void> {
  await globalForDb.prisma?.$disconnect();
  globalForDb.prisma = undefined;
}
