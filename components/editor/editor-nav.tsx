import Link from 'next/link';
import styles from './editor-nav.module.css';
import { SignOutButton } from './sign-out-button';

export function EditorNav({ email, role, isAdmin }: { email: string; role: string; isAdmin: boolean }) {
  return (
    <header className={styles.bar}>
      <nav aria-label="Editor" className={styles.nav}>
        <Link href="/editor" className={styles.brand}>
          Film pages · Editor
        </Link>
        <Link href="/editor">Films</Link>
        <Link href="/editor/import">Import</Link>
        <Link href="/editor/people">People</Link>
        {isAdmin ? (
          <>
            <Link href="/editor/users">Users</Link>
            <Link href="/editor/tokens">API tokens</Link>
            <Link href="/editor/audit">Audit log</Link>
            <Link href="/editor/jobs">Jobs</Link>
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
