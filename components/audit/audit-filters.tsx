import Link from 'next/link';
import { AUDIT_ACTION_GROUPS } from '@/lib/audit/audit-schema';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const KNOWN_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'film.create',
  'film.save',
  'film.publish',
  'film.unpublish',
  'film.restore',
  'quiz.save',
  'quiz.publish',
  'user.invite',
  'user.role',
  'user.disable',
  'user.enable',
  'user.reset-password',
  'user.change-password',
  'user.sign-out-everywhere',
  'token.create',
  'token.revoke',
];

export type AuditFilterValues = { action?: string; actor?: string; film?: string };

/** A plain GET form: filters live in the address, so a filtered view can be bookmarked or shared. */
export function AuditFilters({ values }: { values: AuditFilterValues }) {
  return (
    <form method="get" className={`${styles.panel} ${styles.formRow}`} role="search" aria-label="Filter the audit log">
      <div>
        <label className={ui.label} htmlFor="audit-action">
          Action
        </label>
        <select id="audit-action" name="action" defaultValue={values.action ?? ''} className={ui.input}>
          <option value="">Any action</option>
          {AUDIT_ACTION_GROUPS.map((group) => (
            <option key={group} value={group}>
              Any {group.slice(0, -1)} action
            </option>
          ))}
          {KNOWN_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.grow}>
        <label className={ui.label} htmlFor="audit-actor">
          Actor
        </label>
        <input id="audit-actor" name="actor" defaultValue={values.actor ?? ''} placeholder="email or token:name" className={ui.input} />
      </div>
      <div className={styles.grow}>
        <label className={ui.label} htmlFor="audit-film">
          Film
        </label>
        <input id="audit-film" name="film" defaultValue={values.film ?? ''} placeholder="slug, e.g. kiss-and-cry" className={ui.input} />
      </div>
      <button type="submit" className={`${ui.button} ${ui.primary}`}>
        Filter
      </button>
      <Link href="/editor/audit" className={`${ui.button} ${ui.ghost}`}>
        Clear
      </Link>
    </form>
  );
}
