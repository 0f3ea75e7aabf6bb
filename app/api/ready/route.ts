import { migrationsOfThisBuild, pendingSchemaMigrations } from '@/lib/ops/schema-status';
import { firstAdminPending } from '@/lib/users/ensure-user';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Readiness: the database answers within 2 s, has every migration this build carries, and the
 * first admin (ADMIN_EMAIL) has been made. 503 while it is unreachable, its schema is behind
 * (naming the pending migrations: run the migrate image) or the admin is being made; 200 again by
 * itself once all hold.
 */
export async function GET() {
  // Outside the try: a build without its migrations folder is a broken image (500), not an outage.
  migrationsOfThisBuild();
  let pending: string[];
  try {
    pending = await Promise.race([
      pendingSchemaMigrations(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
  } catch {
    return Response.json({ status: 'unavailable', database: 'unreachable' }, { status: 503, headers: NO_STORE });
  }
  if (pending.length > 0)
    return Response.json(
      {
        status: 'unavailable',
        database: 'ok',
        schema: 'behind',
        pendingMigrations: pending,
        message: `The database lacks ${pending.length} migration(s) of this release (${pending.join(', ')}): run the migrate image (prisma migrate deploy).`,
      },
      { status: 503, headers: NO_STORE },
    );
  if (firstAdminPending())
    return Response.json(
      {
        status: 'unavailable',
        database: 'ok',
        schema: 'current',
        firstAdmin: 'pending',
        message: 'Creating the first admin (ADMIN_EMAIL).',
      },
      { status: 503, headers: NO_STORE },
    );
  return Response.json({ status: 'ready', database: 'ok', schema: 'current' }, { headers: NO_STORE });
}
