/**
 * What each audit action means, in words: the one catalogue the audit page, its filter and the CSV
 * export read, so a new action is named in one place. Pure (no database): entries come from
 * listAudit. An action missing here still shows, as its code.
 */

import { localeName } from '../i18n/locale-name';

type Details = Record<string, unknown>;

export type AuditEntryFacts = {
  action: string;
  subject: string;
  /** The film's slug now, when the entry is about a film that still exists. */
  film: string | null;
  details: unknown;
};

export type AuditDescription = {
  /** One sentence: "Published revision 4", "Changed the role of ana@example.com from editor to admin". */
  text: string;
  /** The film the entry is about (its slug now), for a link to its editor. */
  film: string | null;
  /** The revision the entry names, for a link to the film's history. */
  revision: number | null;
};

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
/** "the French translation", or "the unknown translation" when the row does not say which. */
const translationOf = (d: Details) => `the ${str(d.locale) ? localeName(String(d.locale)) : 'unknown'} translation`;
/** A revision a job or a review names: the page's, or a translation's (`locale` in the row). */
const revisionOf = (d: Details) => `revision ${num(d.revision) ?? '?'}${str(d.locale) ? ` of ${translationOf(d)}` : ''}`;
const jobSubject = (d: Details) => (str(d.locale) ? translationOf(d) : 'the film');
const role = (value: unknown): string => (str(value) ?? 'unknown role').toLowerCase();
const quoted = (text: string) => `“${text}”`;
const UTC_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
/** A stored ISO time in words ("3 Dec 2026, 17:10 UTC"): the log is read by people in any zone, so it says which. */
const when = (value: unknown): string | null => {
  const text = str(value);
  const date = text === null ? null : new Date(text);
  return date && !Number.isNaN(date.getTime()) ? `${UTC_TIME.format(date)} UTC` : null;
};

const SIGN_IN_FAILURES: Record<string, string> = {
  invalid: 'wrong email or password',
  disabled: 'the account is disabled',
  throttled: 'too many attempts',
  'too many attempts': 'too many attempts',
};

type ActionWords = { label: string; describe: (subject: string, details: Details) => string };

/** Action code → label for the filter, and the sentence for one entry. writeAudit takes only these codes. */
export const AUDIT_ACTIONS = {
  'auth.sign-in': { label: 'Signed in', describe: () => 'Signed in' },
  'auth.sign-out': { label: 'Signed out', describe: () => 'Signed out' },
  'auth.sign-in-failed': {
    label: 'Sign-in failed',
    describe: (subject, d) =>
      `Sign-in as ${subject || 'an empty email'} failed: ${SIGN_IN_FAILURES[String(d.reason)] ?? String(d.reason ?? 'unknown reason')}`,
  },
  'film.create': {
    label: 'Created a film',
    describe: (_, d) => (d.source === 'IMPORT' ? 'Created the film by importing a page' : 'Created the film'),
  },
  'film.save': {
    label: 'Saved a revision',
    describe: (_, d) => `Saved revision ${num(d.revision) ?? '?'}${str(d.message) ? `: ${quoted(String(d.message))}` : ''}`,
  },
  'film.restore': {
    label: 'Restored a revision',
    describe: (_, d) => `Restored revision ${num(d.restoredFrom) ?? '?'} as revision ${num(d.revision) ?? '?'}`,
  },
  'film.publish': {
    label: 'Published',
    describe: (_, d) => `Published revision ${num(d.revision) ?? '?'}${str(d.jobId) ? ' as scheduled' : ''}`,
  },
  'film.lint-dismiss': {
    label: 'Dismissed a spoiler-lint warning',
    describe: (_, d) =>
      `Dismissed the spoiler-lint warning on ${str(d.label) ? String(d.label) : 'an item'} (${quoted(String(d.phrase ?? ''))}) on revision ${num(d.revision) ?? '?'}`,
  },
  'film.translate': {
    label: 'Saved a translation',
    describe: (_, d) =>
      num(d.restoredFrom)
        ? `Restored revision ${num(d.restoredFrom)} of ${translationOf(d)} as revision ${num(d.revision) ?? '?'}`
        : `Saved revision ${num(d.revision) ?? '?'} of ${translationOf(d)}, from revision ${num(d.sourceRevision) ?? '?'} of the page`,
  },
  'film.translation-publish': {
    label: 'Published a translation',
    describe: (_, d) => `Published revision ${num(d.revision) ?? '?'} of ${translationOf(d)}`,
  },
  'film.translation-unpublish': {
    label: 'Took a translation off the site',
    describe: (_, d) => `Took ${translationOf(d)} off the site`,
  },
  'film.unpublish': { label: 'Unpublished', describe: (_, d) => `Took the film off the site${str(d.jobId) ? ' as scheduled' : ''}` },
  'media.upload': {
    label: 'Uploaded an image',
    describe: (subject, d) =>
      `Uploaded ${str(d.fileName) ? `image ${quoted(String(d.fileName))}` : `image ${subject}`}${num(d.width) && num(d.height) ? ` (${d.width}×${d.height})` : ''}`,
  },
  'media.replace': {
    label: 'Replaced an image’s file',
    describe: (subject, d) =>
      `Replaced the file of image ${subject}${num(d.width) && num(d.height) ? ` (now ${d.width}×${d.height})` : ''}; every use shows the new one`,
  },
  'media.focal': {
    label: 'Set an image’s focal point',
    describe: (subject, d) =>
      typeof d.x === 'number' && typeof d.y === 'number'
        ? `Set the focal point of image ${subject} to ${Math.round(d.x * 100)}% across, ${Math.round(d.y * 100)}% down`
        : `Set the focal point of image ${subject}`,
  },
  'media.delete': { label: 'Deleted an image', describe: (subject) => `Deleted image ${subject}, which nothing used` },
  'media.cleanup': {
    label: 'Removed an unused image',
    describe: (subject) => `Removed image ${subject}: nothing had used it since its grace period ran out`,
  },
  'person.save': {
    label: 'Saved a person',
    describe: (subject, d) => {
      const changed = Array.isArray(d.changed) ? d.changed.filter((c): c is string => typeof c === 'string') : [];
      return `Saved revision ${num(d.revision) ?? '?'} of ${subject}${changed.length ? ` (${changed.join(', ')})` : ''}`;
    },
  },
  'person.restore': {
    label: 'Restored a person',
    describe: (subject, d) => `Restored revision ${num(d.restoredFrom) ?? '?'} of ${subject} as revision ${num(d.revision) ?? '?'}`,
  },
  'person.photo': {
    label: 'Changed a person’s photo',
    describe: (subject, d) => (str(d.image) ? `Set the photo of ${subject} to image ${d.image}` : `Removed the photo of ${subject}`),
  },
  'person.biography': {
    label: 'Changed a person’s biography',
    describe: (subject, d) => {
      const n = Array.isArray(d.after) ? d.after.length : 0;
      return n > 0 ? `Set the biography of ${subject} (${n} paragraph${n === 1 ? '' : 's'})` : `Removed the biography of ${subject}`;
    },
  },
  'person.update': {
    label: 'Changed a person',
    describe: (subject, d) => {
      const after = (d.after ?? {}) as Details;
      const dates = [str(after.birthDate) && `born ${String(after.birthDate)}`, str(after.deathDate) && `died ${String(after.deathDate)}`]
        .filter(Boolean)
        .join(', ');
      return `Changed the dates of ${subject}: ${dates || 'none known'}`;
    },
  },
  'quiz.publish': {
    label: 'Published a quiz change',
    describe: (_, d) =>
      `Published revision ${num(d.revision) ?? '?'}, which changes the live quiz from ${num(d.previousQuestions) ?? '?'} to ${num(d.questions) ?? '?'} questions`,
  },
  'quiz.save': {
    label: 'Changed a quiz',
    describe: (_, d) => `Changed the quiz (${num(d.questions) ?? '?'} questions) in revision ${num(d.revision) ?? '?'}`,
  },
  // ---- review workflow
  'review.submit': {
    label: 'Submitted for review',
    describe: (_, d) => `Submitted ${revisionOf(d)} for review${str(d.note) ? `: ${quoted(String(d.note))}` : ''}`,
  },
  'review.withdraw': {
    label: 'Withdrew a review request',
    describe: (_, d) =>
      `Withdrew the review of ${revisionOf(d)}${num(d.replacedBy) ? ` (revision ${d.replacedBy} submitted instead)` : ''}`,
  },
  'review.request-changes': {
    label: 'Requested changes',
    describe: (_, d) => `Requested changes to ${revisionOf(d)}${str(d.comment) ? `: ${quoted(String(d.comment))}` : ''}`,
  },
  'review.approve': {
    label: 'Approved a review',
    describe: (_, d) =>
      `${str(d.publishAt) ? `Approved ${revisionOf(d)} and scheduled its publish for ${when(d.publishAt) ?? '?'}` : `Approved and published ${revisionOf(d)}`}${str(d.comment) ? `: ${quoted(String(d.comment))}` : ''}`,
  },
  'history.retention': {
    label: 'Changed history retention',
    describe: (_, d) =>
      num(d.pruneUnnamedAfterDays) === null
        ? 'Set the history to keep every revision'
        : `Set the history to prune unnamed revisions after ${d.pruneUnnamedAfterDays} days`,
  },
  'history.prune': {
    label: 'Pruned history',
    describe: (_, d) => {
      const numbers = Array.isArray(d.numbers) ? d.numbers.filter((n) => num(n) !== null) : [];
      return `Pruned ${num(d.revisions) ?? numbers.length} unnamed revisions${numbers.length > 0 ? ` (${numbers.join(', ')})` : ''}`;
    },
  },
  'user.create': {
    label: 'Created a user',
    describe: (subject, d) => `Created the account ${subject} (${role(d.role)})${d.bootstrap ? ' at start-up' : ''}`,
  },
  'user.invite': { label: 'Invited a user', describe: (subject, d) => `Invited ${subject} as ${role(d.role)}` },
  'user.role': {
    label: 'Changed a role',
    describe: (subject, d) => `Changed the role of ${subject} from ${role(d.from)} to ${role(d.to)}`,
  },
  'user.disable': { label: 'Disabled a user', describe: (subject, d) => `Disabled ${subject}${str(d.reason) ? ` (${d.reason})` : ''}` },
  'user.enable': { label: 'Enabled a user', describe: (subject) => `Enabled ${subject}` },
  'user.reset-password': { label: 'Reset a password', describe: (subject) => `Reset the password of ${subject}` },
  'user.set-password': {
    label: 'Set a password from a link',
    describe: (_subject, d) =>
      d.purpose === 'invite' ? 'Accepted the invitation and chose a password' : 'Chose a new password after a reset',
  },
  'user.change-password': { label: 'Changed own password', describe: () => 'Changed their own password' },
  'user.request-reset': {
    label: 'Asked for a password reset',
    describe: (subject) => `Asked for a password reset link for ${subject}`,
  },
  'user.sign-out-everywhere': { label: 'Signed out everywhere', describe: (subject) => `Signed ${subject} out of every session` },
  'token.create': {
    label: 'Created an API token',
    describe: (subject, d) => `Created the API token ${quoted(subject)} (${role(d.role)}${str(d.prefix) ? `, ${d.prefix}…` : ''})`,
  },
  'token.revoke': {
    label: 'Revoked an API token',
    describe: (subject, d) =>
      `Revoked the API token ${quoted(subject)}${str(d.prefix) ? ` (${d.prefix}…)` : ''}${str(d.reason) ? `: ${d.reason}` : ''}`,
  },
  // Webhooks (lib/webhooks): the subject is the receiver's address.
  'webhook.create': { label: 'Added a webhook', describe: (subject) => `Added a webhook sending to ${subject}` },
  'webhook.delete': { label: 'Deleted a webhook', describe: (subject) => `Deleted the webhook sending to ${subject}` },
  'webhook.disable': {
    label: 'A webhook was turned off',
    describe: (subject, d) => `Turned off the webhook sending to ${subject}${str(d.reason) ? `: ${d.reason}` : ''}`,
  },
  'webhook.enable': { label: 'Turned a webhook back on', describe: (subject) => `Turned the webhook sending to ${subject} back on` },
  'webhook.resend': { label: 'Resent a webhook delivery', describe: (subject) => `Resent a delivery to ${subject}` },
  'webhook.rotate-secret': {
    label: 'Changed a webhook’s signing secret',
    describe: (subject) => `Gave the webhook sending to ${subject} a new signing secret`,
  },
  // Scheduled publishing (lib/schedule)
  'schedule.publish': {
    label: 'Scheduled a publish',
    describe: (_, d) => `Scheduled ${revisionOf(d)} to be published at ${when(d.runAt) ?? '?'}`,
  },
  'schedule.unpublish': {
    label: 'Scheduled an unpublish',
    describe: (_, d) => `Scheduled ${jobSubject(d)} to be taken off the site at ${when(d.runAt) ?? '?'}`,
  },
  'schedule.cancel': { label: 'Cancelled a scheduled job', describe: () => 'Cancelled a scheduled job' },
  'schedule.retry': { label: 'Retried a scheduled job', describe: () => 'Put a failed scheduled job back in the queue' },
  'schedule.run': {
    label: 'Ran a scheduled job',
    describe: (_, d) =>
      d.kind === 'unpublish' ? `Ran the scheduled unpublish of ${jobSubject(d)}` : `Ran the scheduled publish of ${revisionOf(d)}`,
  },
  'schedule.fail': {
    label: 'A scheduled job failed',
    describe: (_, d) =>
      `A scheduled ${d.kind === 'unpublish' ? 'unpublish' : 'publish'}${str(d.locale) ? ` of ${translationOf(d)}` : ''} failed after ${num(d.attempts) ?? '?'} attempts${str(d.error) ? `: ${d.error}` : ''}`,
  },
} satisfies Record<string, ActionWords>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function describeAuditEntry({ action, subject, film, details }: AuditEntryFacts): AuditDescription {
  const facts: Details = details && typeof details === 'object' && !Array.isArray(details) ? (details as Details) : {};
  const known = Object.hasOwn(AUDIT_ACTIONS, action) ? (AUDIT_ACTIONS as Record<string, ActionWords>)[action] : undefined;
  return {
    text: known ? known.describe(subject, facts) : [action, subject].filter(Boolean).join(' '),
    film,
    revision: film ? num(facts.revision) : null,
  };
}
