import Link from 'next/link';
import { AUDIT_ACTION_GROUPS } from '@/lib/audit/audit-schema';
import { AUDIT_ACTIONS } from '@/lib/audit/describe-audit-entry';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const GROUP_LABELS: Record<(typeof AUDIT_ACTION_GROUPS)[number], string> = {
  'auth.': 'Any sign-in',
  'film.': 'Any film change',
  'user.': 'Any user change',
  'token.': 'Any API token change',
  'quiz.': 'Any quiz change',
  'history.': 'Any history setting or pruning',
};

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
              {GROUP_LABELS[group]}
            </option>
          ))}
          {Object.entries(AUDIT_ACTIONS).map(([action, { label }]) => (
            <option key={action} value={action}>
              {label}
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
