import type { Instrumentation } from 'next';

/**
 * Runs once when a server instance starts: validate the environment (one clear line per wrong
 * variable, then exit), create the first production admin from ADMIN_EMAIL + ADMIN_PASSWORD and
 * start the scheduled-job runner and the webhook runner (every instance runs them; JOB_RUNNER=off
 * opts out), the media sweep (what killed uploads left in the media storage) and the cleanup of
 * unused uploads, and hand /metrics its reader of the job table.
 */
export async function register() {
  // A condition the bundler resolves at build time: the Edge build drops the import entirely.
  if (process.env.NEXT_RUNTIME === 'nodejs') await (await import('./instrumentation-node')).registerNode();
}

/** Every error a request hits on the server, as one JSON line with the request's id. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logger, loggedPath, requestIdOf } = await import('./lib/log');
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  logger.error(
    {
      err: error,
      requestId: requestIdOf(headers),
      method: request.method,
      path: loggedPath(request.path),
      route: context.routePath,
      routeType: context.routeType,
      digest: (error as { digest?: string }).digest,
    },
    'request failed',
  );
};
