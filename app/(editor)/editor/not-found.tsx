import Link from 'next/link';
import styles from '@/components/admin/admin.module.css';

/** An editor address that names nothing (a deleted film, a mistyped slug): inside the editor's frame. */
export default function EditorNotFound() {
  return (
    <section aria-labelledby="editor-missing-title">
      <title>Not found · Film pages</title>
      <div className={styles.header}>
        <h1 id="editor-missing-title">Not found</h1>
      </div>
      <div className={styles.panel}>
        <p>
          Nothing in the editor has this address: it may have been renamed or deleted. <Link href="/editor">Back to the films</Link>
        </p>
      </div>
    </section>
  );
}
