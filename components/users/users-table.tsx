'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { PublicUser } from '@/lib/users/list-users';
import {
  changeRoleAction,
  disableUserAction,
  enableUserAction,
  resetPasswordAction,
  signOutUserEverywhereAction,
} from '@/lib/users/user-actions';
import type { ActionResult } from '@/lib/action-result';
import { formatDateTime } from '../admin/format-date-time';
import { PasswordLinkOutcome, type PasswordLinkResult } from './password-link-result';
import { ChangeRoleForm } from './change-role-form';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

type RowMessage = { userId: string; tone: 'ok' | 'error'; text: string; link?: PasswordLinkResult };

/** Every account with what an admin can do to it. Each button is a server action checked on the server. */
export function UsersTable({ users, currentUserId }: { users: PublicUser[]; currentUserId: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<RowMessage | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  async function run<T>(
    userId: string,
    action: () => Promise<ActionResult<T>>,
    done: (data: T) => Omit<RowMessage, 'userId' | 'tone'>,
    confirmText?: string,
  ) {
    if (confirmText && !window.confirm(confirmText)) return;
    setPending(userId);
    const result = await action();
    setPending(null);
    setMessage(result.ok ? { userId, tone: 'ok', ...done(result.data) } : { userId, tone: 'error', text: result.error });
    router.refresh();
  }

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-testid={`user-row-${user.email}`}>
              <td>
                <strong>{user.email}</strong>
                {user.id === currentUserId ? <span className={styles.muted}> (you)</span> : null}
                {user.name ? <div className={styles.muted}>{user.name}</div> : null}
              </td>
              <td>
                <ChangeRoleForm
                  userId={user.id}
                  email={user.email}
                  role={user.role}
                  onSubmit={(input) =>
                    run(
                      user.id,
                      () => changeRoleAction(input),
                      (d) => ({ text: `${d.email} is now ${d.role.toLowerCase()}; their sessions ended.` }),
                    )
                  }
                />
              </td>
              <td>
                {user.disabled ? <span className={styles.badgeDanger}>Disabled</span> : <span className={styles.badge}>Active</span>}{' '}
                {user.mustChangePassword && !user.disabled ? <span className={styles.badgeWarning}>Must choose a password</span> : null}
              </td>
              <td className={styles.muted}>{formatDateTime(user.lastSignInAt)}</td>
              <td>
                <div className={styles.actions}>
                  {user.disabled ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      disabled={pending === user.id}
                      onClick={() =>
                        run(
                          user.id,
                          () => enableUserAction({ userId: user.id }),
                          (d) => ({ text: `${d.email} can sign in again.` }),
                        )
                      }
                    >
                      Enable
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small} ${ui.danger}`}
                      disabled={pending === user.id || user.id === currentUserId}
                      onClick={() =>
                        run(
                          user.id,
                          () => disableUserAction({ userId: user.id }),
                          (d) => ({ text: `${d.email} is disabled; their sessions ended.` }),
                          `Disable ${user.email}? They are signed out at once.`,
                        )
                      }
                    >
                      Disable
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={pending === user.id}
                    onClick={() =>
                      run(
                        user.id,
                        () => resetPasswordAction({ userId: user.id }),
                        (d) => ({ text: `Password of ${d.email} reset`, link: d }),
                        `Reset the password of ${user.email}? Their sessions end.`,
                      )
                    }
                  >
                    Reset password
                  </button>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={pending === user.id}
                    onClick={() =>
                      run(
                        user.id,
                        () => signOutUserEverywhereAction({ userId: user.id }),
                        () => ({ text: `${user.email} is signed out everywhere.` }),
                      )
                    }
                  >
                    Sign out everywhere
                  </button>
                </div>
                {message?.userId === user.id ? <RowFeedback message={message} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowFeedback({ message }: { message: RowMessage }) {
  if (message.link) return <PasswordLinkOutcome result={message.link} what="reset" />;
  return (
    <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? styles.alert : styles.message}>
      {message.text}
    </p>
  );
}
