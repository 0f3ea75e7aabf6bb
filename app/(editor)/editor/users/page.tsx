import type { Metadata } from 'next';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { listUsers } from '@/lib/users/list-users';
import { InviteUserForm } from '@/components/users/invite-user-form';
import { UsersTable } from '@/components/users/users-table';
import { AdminPage } from '@/components/admin/admin-page';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const actor = await actorWhoCan('user.manage');
  const users = await listUsers({ actor });
  return (
    <AdminPage
      title="Users"
      lead={
        <>
          Writers edit films and submit them for review; editors also review and publish them; admins also manage quizzes, users and API
          tokens. Changing a role, disabling an account or resetting a password signs that user out everywhere. There is always at least one
          active admin.
        </>
      }
    >
      <InviteUserForm />
      <UsersTable users={users} currentUserId={actor.userId} />
    </AdminPage>
  );
}
