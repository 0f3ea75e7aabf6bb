/**
 * The Node.js half of instrumentation.ts's `register()`, in a module of its own: imported only
 * inside `if (process.env.NEXT_RUNTIME === 'nodejs')`, which the bundler removes from the Edge
 * build, so Turbopack no longer checks this code (process.exit and the rest) against the Edge
 * runtime. It did before, and its warning ended with "Ecmascript file had an error", which read like
 * a failed build on a successful one.
 */
export async function registerNode() {
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
  // Webhook deliveries (the outbox), on the same terms as the job runner.
  const webhookRunner = runner ? (await import('./lib/webhooks/delivery-runner')).createWebhookRunner() : null;
  // The runner finishes the job in hand (and releases the rest) before the pools close.
  onShutdown('database', async () => {
    await Promise.all([runner?.stop(), webhookRunner?.stop()]);
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
  webhookRunner?.start();
  if (process.env.NEXT_PHASE !== 'phase-production-build') {
    // The job families of /metrics, read from the job table when scraped.
    const [{ setJobsReader }, { readJobsSnapshot }] = await Promise.all([
      import('./lib/metrics/metrics.mjs'),
      import('./lib/schedule/job-metrics'),
    ]);
    setJobsReader(() => readJobsSnapshot());
  }
  if (process.env.NEXT_PHASE !== 'phase-production-build') {
    // Search documents of translations published before search per language: written once.
    const [{ backfillTranslationSearch }, { logger }] = await Promise.all([
      import('./lib/translations/backfill-translation-search'),
      import('./lib/log'),
    ]);
    void backfillTranslationSearch().then(
      (written) =>
        written > 0 && logger.info({ written }, 'search documents written for translations published before search per language'),
      (error) => logger.warn({ err: error }, 'translation search backfill failed'),
    );
  }
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
