import 'server-only';
import { unstable_cache } from 'next/cache';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { logger } from '../log';

export const isBuildPhase = () => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;

/** The gist of an error in one line: its last non-empty line (where Prisma puts the cause). */
export const errorGist = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? 'unknown error';

/**
 * Data for a page that is prerendered at build time (home, sitemap). A build without a database
 * (a Docker image build) prerenders `fallback` instead of failing, and marks that page to be
 * regenerated a second later, so the running server replaces it on the first visit rather than
 * keeping an empty page until the next publish. At runtime errors are thrown as usual.
 */
export async function orFallbackAtBuild<T>(load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isBuildPhase()) throw error;
    logger.warn({ cause: errorGist(error) }, 'no database at build time: prerendering without data');
    // Cached data with a 1-second lifetime lowers the prerendered page's revalidate time to 1 s.
    await unstable_cache(async () => true, ['reader-build-without-database'], { revalidate: 1 })();
    return fallback;
  }
}
