import 'server-only';
import path from 'node:path';
import { db } from '../db';
import { APPLIED_MIGRATIONS_QUERY, MIGRATIONS_TABLE_QUERY, migrationNames, pendingMigrations } from './pending-migrations.mjs';

/**
 * The migrations this build carries (prisma/migrations beside the server: next.config.js traces
 * them into the standalone output), read once.
 */
let local: string[] | undefined;
export function migrationsOfThisBuild(): string[] {
  return (local ??= migrationNames(path.join(process.cwd(), 'prisma', 'migrations')));
}

/**
 * The migrations of this build the database has not applied (none: the schema is what the code
 * expects). Raw queries go to the primary, so a lagging replica never answers this.
 */
export async function pendingSchemaMigrations(): Promise<string[]> {
  const names = migrationsOfThisBuild();
  const [table] = await db().$queryRawUnsafe<{ present: boolean }[]>(MIGRATIONS_TABLE_QUERY);
  if (!table?.present) return names;
  const rows =
    await db().$queryRawUnsafe<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }[]>(
      APPLIED_MIGRATIONS_QUERY,
    );
  return pendingMigrations(names, rows);
}
