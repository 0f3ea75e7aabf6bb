import type { Metadata } from 'next';
import type { VisibleFilm } from '../spoilers/visible-film';
import { absoluteUrl } from './site-url';
import { excerpt } from './excerpt';
import { filmPath } from '../reader/reader-address.mjs';

/** "Kiss and Cry (2017)": the film as titles name it. */
export const filmName = (film: Pick<VisibleFilm, 'title' | 'releaseYear'>) =>
  film.releaseYear ? `${film.title} (${film.releaseYear})` : film.title;

/**
 * Title, description and Open Graph tags of a film page. Spoiler-safe at every level: built only
 * from the title, the year and the premise (always level none), never from what the level reveals.
 */
export function filmMetadata(film: Pick<VisibleFilm, 'title' | 'slug' | 'releaseYear' | 'premise'>): Metadata {
  const title = `${filmName(film)}: story, timeline and characters explained`;
  const description = excerpt(film.premise) || `${film.title} explained in layers, from a spoiler-free premise to the full story.`;
  const url = absoluteUrl(filmPath(film.slug));
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { type: 'video.movie', title: filmName(film), description, url, siteName: 'Film pages' },
    twitter: { card: 'summary', title: filmName(film), description },
  };
}
