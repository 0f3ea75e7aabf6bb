import 'server-only';
import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';
import { errorGist, isBuildPhase } from './build-fallback';
import { logger } from '../log';

/**
 * generateStaticParams for a page with one variant per spoiler level: every known slug × every
 * level, prerendered at build time. Listing them matters: Next has an open bug where dynamic
 * segments rendered at runtime are not read back from the cache reliably. A build without a
 * database (a Docker image build) lists none: the pages then render on first request
 * (dynamicParams) and are cached from then on.
 */
export async function slugLevelParams(listSlugs: () => Promise<string[]>): Promise<Array<{ slug: string; level: SpoilerLevel }>> {
  try {
    const slugs = await listSlugs();
    return slugs.flatMap((slug) => SPOILER_LEVELS.map((level) => ({ slug, level })));
  } catch (error) {
    if (!isBuildPhase()) throw error;
    logger.warn({ cause: errorGist(error) }, 'no database at build time: reader pages render on first request');
    return [];
  }
}
