import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { getDraft } from '@/lib/films';
import { getTranslation } from '@/lib/translations/get-translation';
import { compareTranslationRevisions } from '@/lib/translations/translation-history';
import { compareTranslationQuerySchema } from '@/lib/translations/translation-schema';
import { loadOr404 } from '@/components/revisions/load-or-404';
import { TranslationCompareView } from '@/components/translations/translation-compare-view';

type Props = { params: Promise<{ slug: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ slug, locale }, query] = await Promise.all([params, searchParams]);
  return { title: `Compare revisions ${String(query.from)} and ${String(query.to)} of the ${locale} translation of ${slug}` };
}

/** `/editor/films/{slug}/translations/{locale}/compare?from=a&to=b`: what changed in a translation between two of its revisions. */
export default async function CompareTranslationPage({ params, searchParams }: Props) {
  const [{ slug, locale }, query] = await Promise.all([params, searchParams]);
  const here = `/editor/films/${slug}/translations/${locale}`;
  const actor = await getActor();
  const pair = compareTranslationQuerySchema.safeParse(query);
  if (!actor) redirect(await signInAddress());
  if (!pair.success) {
    // Without a pair: the two newest revisions, when there are two.
    const { revision } = await loadOr404(() => getTranslation({ slug, locale, actor }));
    redirect(revision < 2 ? here : `${here}/compare?from=${revision - 1}&to=${revision}`);
  }
  const [comparison, draft] = await loadOr404(() =>
    Promise.all([compareTranslationRevisions({ slug, locale, ...pair.data, actor }), getDraft({ slug, actor })]),
  );
  return <TranslationCompareView comparison={comparison} title={draft.content.title} />;
}
