/**
 * The database most operations tests start from: fresh, migrated, with the demo content (its
 * accounts' password random) and an API token for one of its accounts, made in the database as
 * an admin's `/editor/tokens` would.
 */
import { randomBytes } from 'node:crypto';
import { createDbClient } from '../lib/db';
import { hashToken, newTokenSecret } from '../lib/auth/api-token';
import { freshDatabase, runScript, type Env, type TestDatabase } from '../scripts/ops/support';

type Role = 'ADMIN' | 'EDITOR' | 'WRITER';

/** A new API token of `role` created by the user `email`; its secret. */
export async function createApiToken(databaseUrl: string, { email = 'admin@example.com', role = 'ADMIN' as Role, name = 'ops test' } = {}) {
  const client = createDbClient(databaseUrl);
  try {
    const user = await client.user.findUniqueOrThrow({ where: { email } });
    const secret = newTokenSecret();
    await client.apiToken.create({
      data: { name, role, prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: user.id },
    });
    return secret;
  } finally {
    await client.$disconnect();
  }
}

/** Loads the demo content into `databaseUrl` (npm run seed:demo); throws with its output if it fails. */
export async function seedDemo(databaseUrl: string, env: Env = {}): Promise<{ demoPassword: string }> {
  const demoPassword = env.DEMO_PASSWORD ?? `demo-${randomBytes(6).toString('hex')}`;
  const seeded = await runScript('scripts/seed-demo.ts', { DATABASE_URL: databaseUrl, DEMO_PASSWORD: demoPassword, ...env });
  if (seeded.code !== 0) throw new Error(`seed:demo failed: ${seeded.stderr.slice(-2000)}`);
  return { demoPassword };
}

/** A fresh database (on `server`, default the test server) with the demo content and an admin API token. */
export async function demoDatabase(
  label: string,
  { server, tokenName = `${label} test` }: { server?: string; tokenName?: string } = {},
): Promise<{ database: TestDatabase; token: string; demoPassword: string }> {
  const database = await freshDatabase(label, server ? { server } : {});
  try {
    const { demoPassword } = await seedDemo(database.url);
    const token = await createApiToken(database.url, { name: tokenName });
    return { database, token, demoPassword };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
