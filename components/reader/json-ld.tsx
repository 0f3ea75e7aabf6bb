import { jsonLdText } from '@/lib/seo/film-json-ld';

/** Structured data for search engines; the text is escaped so it can never close the tag. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
