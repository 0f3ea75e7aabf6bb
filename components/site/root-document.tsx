import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import '@/app/globals.css';

/** The site's name and description, as every root layout states them (a translation's its own). */
export const SITE_METADATA: Metadata = {
  title: { default: 'Film pages', template: '%s · Film pages' },
  description: 'Films explained in layers, from a spoiler-free premise to the full story.',
};

/**
 * The document every page is in: `<html lang>` is the language of the page, so each language has
 * a root layout of its own (the reader's, the editor's, the account pages' in English; a
 * translation's under app/(translated)/[locale]). A page moving between root layouts loads in full.
 */
export function RootDocument({ lang, skipLabel, children }: { lang: string; skipLabel: string; children: ReactNode }) {
  return (
    <html lang={lang}>
      <body>
        <a className="skip-link" href="#main">
          {skipLabel}
        </a>
        {children}
      </body>
    </html>
  );
}

/** A root layout in English, the language pages are written in. */
export function EnglishDocument({ children }: { children: ReactNode }) {
  return (
    <RootDocument lang="en" skipLabel="Skip to content">
      {children}
    </RootDocument>
  );
}
