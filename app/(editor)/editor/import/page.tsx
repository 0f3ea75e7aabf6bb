import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { ImportView } from './import-view';

export const metadata: Metadata = { title: 'Import a page' };

export default async function ImportPage() {
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  // The preview says up front what the server will do: an editor's import leaves the quiz out.
  return <ImportView mayEditQuiz={can(actor, 'quiz.edit')} />;
}
