import { FilmPage } from '@/components/reader/film-page';
import { JsonLd } from '@/components/reader/json-ld';
import { setLevelHref } from '@/lib/reader/reader-level';
import { movieJsonLd } from '@/lib/seo/film-json-ld';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { FilmPageData } from '@/lib/reader/film-page-data';
import { filmMetadata } from '@/lib/seo/film-metadata';
import type { PageLanguages } from '@/lib/i18n/site-locales';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { SPOILER_QUERY_NAME, UPTO_QUERY_NAME, filmPath } from '@/lib/reader/reader-address.mjs';
import { LanguageLinks } from './language-links';

/**
 * The public film page as its routes serve it (one per level, one per point read up to, in each
 * language it is published in): the page, its JSON-LD, links that change the reader's level for
 * this film or every film while keeping the address the reader shares free of any level, and links
 * to the page in its other languages.
 */
export function FilmRouteView({ film, languages }: { film: VisibleFilm; languages: PageLanguages }) {
  const { locale } = languages;
  const path = filmPath(film.slug, locale);
  // Items and their levels are the same in every language: a link to another keeps the level or point.
  const keep = film.upto ? `?${UPTO_QUERY_NAME}=${film.upto.seen}` : `?${SPOILER_QUERY_NAME}=${film.level}`;
  return (
    <main id="main">
      <JsonLd data={movieJsonLd(film, { locale: locale ?? languages.site, translated: locale !== undefined })} />
      <FilmPage
        film={film}
        locale={locale}
        ownLang={locale === undefined ? undefined : languages.site}
        hrefForLevel={(level, section) => setLevelHref(level, `${path}${section ? `#${section}` : ''}`, { film: film.slug })}
        hrefForEveryFilm={(level) => setLevelHref(level, path, 'every-film')}
        readUpTo
        languages={<LanguageLinks languages={languages} hrefIn={(other) => `${filmPath(film.slug, other)}${keep}`} />}
      />
    </main>
  );
}

/**
 * A film route's page and metadata from how it loads its film page (a level route, an up-to
 * route, in the site's language or a translation's): a film page it does not find is notFound().
 */
export function filmRoute<Props>(load: (props: Props) => Promise<FilmPageData | null>) {
  return {
    generateMetadata: async (props: Props): Promise<Metadata> => {
      const data = await load(props);
      return data ? filmMetadata(data.film, data.languages) : { title: 'Film not found' };
    },
    Page: async (props: Props) => {
      const data = await load(props);
      if (!data) notFound();
      return <FilmRouteView {...data} />;
    },
  };
}
