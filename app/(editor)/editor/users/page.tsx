import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { listUsers } from '@/lib/users/list-users';
import { InviteUserForm } from '@/components/users/invite-user-form';
import { UsersTable } from '@/components/users/users-table';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const actor = await getActor();
  if (!actor || !can(actor, 'user.manage')) forbidden();
  const users = await listUsers({ actor });
  return (
    <section>
      <div className={styles.header}>
        <div>
          <h1>Users</h1>
          <p className={styles.lead}>
            Editors edit and publish films; admins also manage quizzes, users and API tokens. Changing a role, disabling an account or
            resetting a password signs that user out everywhere. There is always at least one active admin.
          </p>
        </div>
      </div>
      <InviteUserForm />
      <UsersTable users={users} currentUserId={actor.userId} />
    </section>
  );
}
