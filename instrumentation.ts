import type { Instrumentation } from 'next';

/**
 * Runs once when a server instance starts: validate the environment (one clear line per wrong
 * variable, then exit), create the first production admin from ADMIN_EMAIL + ADMIN_PASSWORD and
 * start the scheduled-job runner (every instance runs one; JOB_RUNNER=off opts out), the media
 * sweep (what killed uploads left in the media storage) and the cleanup of unused uploads.
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
  // Closed by the server wrapper (server/serve.mjs) once in-flight requests have finished.
  const { onShutdown } = await import('./lib/ops/shutdown.mjs');
  // Not while `next build` prerenders: no jobs run from a build.
  const runner =
    config.JOB_RUNNER === 'on' && process.env.NEXT_PHASE !== 'phase-production-build'
      ? (await import('./lib/schedule/job-runner')).createJobRunner()
      : null;
  // The runner finishes the job in hand (and releases the rest) before the pools close.
  onShutdown('database', async () => {
    await runner?.stop();
    await (await import('./lib/db')).disconnectDb();
  });
  onShutdown('rate-limit redis', async () => (await import('./lib/rate-limit/redis-connection')).closeRedisConnections());
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && process.env.NEXT_PHASE !== 'phase-production-build') {
    // In the background, retried until the schema exists (the app may start before its migrations).
    const [{ firstAdminBootstrap }, { logger }] = await Promise.all([import('./lib/users/ensure-user'), import('./lib/log')]);
    const bootstrap = firstAdminBootstrap(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, logger);
    onShutdown('first admin', async () => {
      bootstrap.stop();
      await bootstrap.done;
    });
  }
  runner?.start();
  if (process.env.NEXT_PHASE !== 'phase-production-build') {
    // What a killed upload left behind, then uploads nothing references once past their grace
    // period (each removal audited): swept at start and every hour (and once the schema exists).
    const [{ sweepMedia }, { sweepUnusedMedia }, { logger }] = await Promise.all([
      import('./lib/media/sweep-media'),
      import('./lib/media/sweep-unused-media'),
      import('./lib/log'),
    ]);
    const sweep = () =>
      sweepMedia({ graceMs: config.MEDIA_SWEEP_GRACE_MS })
        .then(
          ({ removed }) => removed.length > 0 && logger.info({ removed }, 'media sweep removed what killed uploads left'),
          (error) => logger.warn({ err: error }, 'media sweep failed'),
        )
        .then(() => sweepUnusedMedia({ graceMs: config.MEDIA_UNUSED_GRACE_DAYS * 86_400_000 }))
        .then(
          (result) =>
            result && result.removed.length > 0 && logger.info({ removed: result.removed }, 'media cleanup removed unused uploads'),
          (error) => logger.warn({ err: error }, 'media cleanup failed'),
        );
    const sweeping = sweep();
    const timer = setInterval(sweep, 3_600_000).unref();
    onShutdown('media sweep', async () => {
      clearInterval(timer);
      await sweeping;
    });
  }
}

/** Every error a request hits on the server, as one JSON line with the request's id. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logger, requestIdOf } = await import('./lib/log');
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  logger.error(
    {
      err: error,
      requestId: requestIdOf(headers),
      method: request.method,
      path: request.path.split('?')[0],
      route: context.routePath,
      routeType: context.routeType,
      digest: (error as { digest?: string }).digest,
    },
    'request failed',
  );
};
