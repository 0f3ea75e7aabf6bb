import 'server-only';
import { env } from '../env';
import { logger } from '../log';

/**
 * Purges tags from the shared caches in front of the app (CACHE_PURGE_URLS, comma-separated): an
 * HTTP `PURGE` to each with `Surrogate-Key: <tags, space-separated>`, which deploy/varnish.vcl turns
 * into a ban of every object carrying one of them (a Fastly or Cloudflare purge by tag goes through
 * a small relay or a webhook, docs/deploy.md). Awaited, each at most PURGE_TIMEOUT_MS, so a change
 * is acknowledged after the caches let go of it; a cache that failed is retried in the background
 * (RETRY_DELAYS_MS) and logged at warn, never failing the change itself.
 *
 * Once more after PURGE_AGAIN_MS: a render that read the old content before the change and reached a cache
 * after the first purge would otherwise stay there for the long s-maxage (server/serve.mjs).
 */
const PURGE_TIMEOUT_MS = 1_000;
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
export const PURGE_AGAIN_MS = 1_000;

export function purgeUrls(): string[] {
  return env()
    .CACHE_PURGE_URLS.split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

async function purgeOnce(url: string, key: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'PURGE',
      headers: { 'Surrogate-Key': key },
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      cache: 'no-store',
    });
    await response.body?.cancel();
    if (response.ok) return true;
    logger.warn({ url, tags: key, status: response.status }, 'shared cache purge refused');
  } catch (error) {
    logger.warn({ url, tags: key, err: error }, 'shared cache purge failed');
  }
  return false;
}

function retryLater(url: string, key: string, attempt = 0): void {
  if (attempt >= RETRY_DELAYS_MS.length) {
    logger.error({ url, tags: key }, 'shared cache purge given up: those pages stay there until their s-maxage runs out');
    return;
  }
  setTimeout(() => {
    void purgeOnce(url, key).then((done) => done || retryLater(url, key, attempt + 1));
  }, RETRY_DELAYS_MS[attempt]).unref();
}

/** Purges these tags from every configured shared cache; resolves once each answered or timed out. */
export async function purgeSharedCaches(tags: readonly string[]): Promise<void> {
  const urls = purgeUrls();
  if (urls.length === 0 || tags.length === 0) return;
  const key = tags.join(' ');
  const purgeAll = () => Promise.all(urls.map(async (url) => (await purgeOnce(url, key)) || retryLater(url, key)));
  await purgeAll();
  setTimeout(() => void purgeAll(), PURGE_AGAIN_MS).unref();
}
