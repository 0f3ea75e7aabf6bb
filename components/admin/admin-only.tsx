import styles from './admin.module.css';

/**
 * What a signed-in non-admin sees on an admin page. The page renders nothing else, and every
 * action behind it checks the role on the server again.
 */
export function AdminOnly({ title, what }: { title: string; what: string }) {
  return (
    <section>
      <div className={styles.header}>
        <h1>{title}</h1>
      </div>
      <p role="alert" className={styles.panel}>
        Only admins can {what}. Ask an admin if you need this.
      </p>
    </section>
  );
}
