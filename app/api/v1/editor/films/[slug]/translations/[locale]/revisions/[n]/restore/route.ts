import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { restoreTranslationRevision } from '@/lib/translations/translation-history';

/** Restores revision n of the translation as its newest revision. */
export const POST = apiOperation(
  translationOperations.restoreTranslationRevision,
  'film.edit',
  async ({ actor, params: { slug, locale, n }, body: { baseRevision } }) =>
    NextResponse.json(await restoreTranslationRevision({ slug, locale, number: n, baseRevision, actor }), { status: 201 }),
);
