/**
 * Runs once when a server instance starts: validate the environment (one clear line per wrong
 * variable, then exit) and create the first production admin from ADMIN_EMAIL + ADMIN_PASSWORD.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  let config;
  try {
    config = env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { ensureFirstAdmin } = await import('./lib/users/ensure-user');
    await ensureFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD).catch((error) =>
      console.error('Could not create the first admin:', error instanceof Error ? error.message : error),
    );
  }
}
