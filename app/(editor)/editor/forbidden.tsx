import Link from 'next/link';
import styles from '@/components/admin/admin.module.css';

/**
 * What a signed-in editor or writer gets on an admin-only page (users, API tokens, audit log,
 * scheduled jobs, webhooks): a 403 with
 * this page inside the editor's frame. Every action behind those pages checks the role again.
 */
export default function Forbidden() {
  return (
    <section>
      <div className={styles.header}>
        <h1>Admins only</h1>
      </div>
      <div role="alert" className={styles.panel}>
        <p>
          Only admins can open this page: users, API tokens, webhooks, every film’s scheduled jobs and the audit log are managed by admins.
        </p>
        <p>
          Ask an admin if you need this. <Link href="/editor">Back to the films</Link>
        </p>
      </div>
    </section>
  );
}
