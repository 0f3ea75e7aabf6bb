import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FilmPage } from '@/components/reader/film-page';
import { JsonLd } from '@/components/reader/json-ld';
import { getFilmCached } from '@/lib/reader/cached-reader';
import { levelParam } from '@/lib/reader/level-param';
import { listFilmSummaries } from '@/lib/reader/list-published-films';
import { setLevelHref } from '@/lib/reader/reader-level';
import { slugLevelParams } from '@/lib/reader/static-params';
import { filmMetadata } from '@/lib/seo/film-metadata';
import { movieJsonLd } from '@/lib/seo/film-json-ld';

/**
 * `/films/{slug}` at one spoiler level. proxy.ts rewrites the public address here, so each level
 * is one statically cached page (ISR, invalidated by the film's tag on publish).
 */
type Props = PageProps<'/films/[slug]/level/[level]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return slugLevelParams(async () => (await listFilmSummaries()).map((film) => film.slug));
}

async function load({ params }: Props) {
  const { slug, level: value } = await params;
  const level = levelParam(value);
  return level && (await getFilmCached(slug, level));
}

// The page answers an unknown address with notFound() (404); the metadata only needs a title.
export async function generateMetadata(props: Props): Promise<Metadata> {
  const film = await load(props);
  return film ? filmMetadata(film) : { title: 'Film not found' };
}

export default async function FilmRoute(props: Props) {
  const film = await load(props);
  if (!film) notFound();
  return (
    <main id="main">
      <JsonLd data={movieJsonLd(film)} />
      <FilmPage
        film={film}
        hrefForLevel={(level, section) => setLevelHref(level, `/films/${film.slug}${section ? `#${section}` : ''}`, { film: film.slug })}
        hrefForEveryFilm={(level) => setLevelHref(level, `/films/${film.slug}`, 'every-film')}
        readUpTo
      />
    </main>
  );
}
