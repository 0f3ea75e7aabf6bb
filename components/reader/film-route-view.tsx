import { FilmPage } from '@/components/reader/film-page';
import { JsonLd } from '@/components/reader/json-ld';
import { setLevelHref } from '@/lib/reader/reader-level';
import { movieJsonLd } from '@/lib/seo/film-json-ld';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { filmPath } from '@/lib/reader/reader-address.mjs';

/**
 * The public film page as its routes serve it (one per level, one per point read up to): the
 * page, its JSON-LD, and links that change the reader's level for this film or every film while
 * keeping the address the reader shares free of any level.
 */
export function FilmRouteView({ film }: { film: VisibleFilm }) {
  const path = filmPath(film.slug);
  return (
    <main id="main">
      <JsonLd data={movieJsonLd(film)} />
      <FilmPage
        film={film}
        hrefForLevel={(level, section) => setLevelHref(level, `${path}${section ? `#${section}` : ''}`, { film: film.slug })}
        hrefForEveryFilm={(level) => setLevelHref(level, path, 'every-film')}
        readUpTo
      />
    </main>
  );
}
