import 'server-only';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';

/**
 * generateStaticParams for a page with one variant per spoiler level: every known slug × every
 * level. Listing them matters (runtime-rendered dynamic segments are not read back from the cache,
 * see docs/architecture.md). A build without a database (a Docker image build) lists none: the
 * pages are then rendered on first request (dynamicParams) and cached from then on.
 */
export async function slugLevelParams(listSlugs: () => Promise<string[]>): Promise<Array<{ slug: string; level: SpoilerLevel }>> {
  try {
    const slugs = await listSlugs();
    return slugs.flatMap((slug) => SPOILER_LEVELS.map((level) => ({ slug, level })));
  } catch (error) {
    if (process.env.NEXT_PHASE !== PHASE_PRODUCTION_BUILD) throw error;
    console.warn(`No database at build time (${error instanceof Error ? error.message.split('\n')[0] : error}): reader pages render on first request.`);
    return [];
  }
}
