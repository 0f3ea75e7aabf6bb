/**
 * Vitest globalSetup of the integration project: one fresh database for the run, migrated, dropped
 * afterwards. On DATABASE_URL's server when set (the database it names is never touched), else on a
 * throwaway embedded PostgreSQL. The test files see it as DATABASE_URL, and the server as
 * TEST_DATABASE_ADMIN_URL for the tests that CREATE/DROP databases of their own. The forked test
 * processes start after this and inherit both.
 */
import { migrate } from '../lib/build.mjs';
import { resolveDatabase } from '../lib/database.mjs';

export default async function setup() {
  const database = await resolveDatabase({ purpose: 'test' });
  try {
    await migrate(database.url, { quiet: true });
  } catch (error) {
    await database.stop();
    throw error;
  }
  process.env.DATABASE_URL = database.url;
  process.env.TEST_DATABASE_ADMIN_URL = database.adminUrl;
  return () => database.stop();
}
