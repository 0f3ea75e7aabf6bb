import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SPOILER_LEVELS, parseLevel, type SpoilerLevel } from '../spoilers/levels';
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

/**
 * A reader page with one variant per spoiler level (`/…/[slug]/level/[level]`, which proxy.ts
 * rewrites the public address to): its static params, its metadata and the page, `render` of what
 * `get` finds; nothing found is notFound() (404), whose metadata only needs a title.
 */
export function levelPage<T>({
  listSlugs,
  get,
  metadata,
  missingTitle,
  render,
}: {
  listSlugs: () => Promise<string[]>;
  get: (slug: string, level: SpoilerLevel) => Promise<T | null>;
  metadata: (item: T) => Metadata;
  missingTitle: string;
  render: (item: T) => ReactNode;
}) {
  const load = async ({ params }: { params: Promise<{ slug: string; level: string }> }) => {
    const { slug, level: value } = await params;
    const level = parseLevel(value);
    return level ? get(slug, level) : null;
  };
  return {
    Page: async (props: { params: Promise<{ slug: string; level: string }> }) => {
      const item = await load(props);
      if (!item) notFound();
      return render(item);
    },
    generateStaticParams: () => slugLevelParams(listSlugs),
    generateMetadata: async (props: { params: Promise<{ slug: string; level: string }> }): Promise<Metadata> => {
      const item = await load(props);
      return item ? metadata(item) : { title: missingTitle };
    },
  };
}
