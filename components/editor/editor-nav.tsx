import Link from 'next/link';
import styles from './editor-nav.module.css';
import { SignOutButton } from './sign-out-button';

import type { EditorNotification } from '@/lib/notifications/editor-notifications';

/** The badge: what waits for this person (reviews to decide, changes asked of them), each a link. */
function NotificationBadge({ notifications }: { notifications: EditorNotification[] }) {
  if (notifications.length === 0) return null;
  return (
    <span className={styles.notifications} aria-label="Notifications">
      {notifications.map((n) => (
        <Link key={n.key} href={n.href} className={styles.badge} data-notification={n.key}>
          <span className={styles.count}>{n.count}</span> {n.label}
        </Link>
      ))}
    </span>
  );
}

export function EditorNav({
  email,
  role,
  isAdmin,
  notifications = [],
}: {
  email: string;
  role: string;
  isAdmin: boolean;
  notifications?: EditorNotification[];
}) {
  return (
    <header className={styles.bar}>
      <nav aria-label="Editor" className={styles.nav}>
        <Link href="/editor" className={styles.brand}>
          Film pages · Editor
        </Link>
        <Link href="/editor">Films</Link>
        <Link href="/editor/import">Import</Link>
        <Link href="/editor/people">People</Link>
        <Link href="/editor/media">Media</Link>
        <Link href="/editor/reviews">Reviews</Link>
        <NotificationBadge notifications={notifications} />
        {isAdmin ? (
          <>
            <Link href="/editor/users">Users</Link>
            <Link href="/editor/tokens">API tokens</Link>
            <Link href="/editor/audit">Audit log</Link>
            <Link href="/editor/jobs">Jobs</Link>
            <Link href="/editor/webhooks">Webhooks</Link>
          </>
        ) : null}
        <Link href="/">View site</Link>
      </nav>
      <div className={styles.user}>
        <Link href="/account" title="Your account: password, sessions">
          {email} <span className={styles.role}>{role.toLowerCase()}</span>
        </Link>
        <SignOutButton />
      </div>
    </header>
  );
}
