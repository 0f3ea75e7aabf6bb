import { notFound } from 'next/navigation';

/**
 * `/{locale}/_missing`: where proxy.ts sends a translation's address that names nothing published,
 * so its 404 page is in that language's document (the site's own language has MISSING_PATH, which no
 * route matches).
 */
export default function TranslatedMissing(): never {
  notFound();
}
