import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import type { Metadata } from 'next';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { QueryProvider } from '@/components/editor/query-provider';
import { EditorNav } from '@/components/editor/editor-nav';
import { listEditorNotifications } from '@/lib/notifications/editor-notifications';

export const metadata: Metadata = { title: 'Editor', robots: { index: false, follow: false } };

/** Redirecting here is convenience only: every action and route checks the role itself. */
export default async function EditorLayout({ children }: { children: ReactNode }) {
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  // Signed in with a one-time password: choose one's own first (actions refuse until then anyway).
  if (actor.mustChangePassword) redirect('/account');
  return (
    <QueryProvider>
      <EditorNav
        email={actor.label}
        role={actor.role}
        isAdmin={can(actor, 'user.manage')}
        notifications={await listEditorNotifications(actor)}
      />
      <main id="main" className="editor-main">
        {children}
      </main>
    </QueryProvider>
  );
}
