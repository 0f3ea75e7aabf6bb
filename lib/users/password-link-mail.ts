import type { Role } from '../auth/permissions';
import type { PasswordLinkPurpose } from './create-password-link';

/**
 * The words of an invitation or a password-reset mail, as a plain-text part and an HTML part that
 * say the same: who sent it (the inviter, an admin, or the reader's own request), the site, the
 * role, and until when the link works, in words. Pure: the caller knows the site and the clock.
 */
export type PasswordLinkMailInput = {
  purpose: PasswordLinkPurpose;
  url: string;
  expiresAt: Date;
  /** The site's name and address, e.g. `{ name: 'Film pages', url: 'https://films.example' }`. */
  site: { name: string; url: string };
  /** Who made the link: an admin (their name and email), or null when the user asked for it themselves. */
  by: { name: string; email: string } | null;
  /** The invited account's role (invitations). */
  role?: Role;
  now?: Date;
};

export type ComposedMail = { subject: string; text: string; html: string };

export const ROLE_WORDS: Record<Role, { label: string; may: string }> = {
  WRITER: { label: 'Writer', may: 'write and edit film pages and submit them for review; an editor publishes them' },
  EDITOR: { label: 'Editor', may: 'write, edit, review and publish film pages, and manage the media library' },
  ADMIN: { label: 'Admin', may: 'do everything an editor may, and manage user accounts, quizzes and API tokens' },
};

/** "in 7 days", "in 24 hours", "in 1 hour": how long from `now` until `at`, in the largest whole unit that fits. */
export function durationInWords(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((at.getTime() - now.getTime()) / 60_000));
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  if (minutes >= 48 * 60) return words.format(Math.round(minutes / (24 * 60)), 'day');
  if (minutes >= 60) return words.format(Math.round(minutes / 60), 'hour');
  return words.format(minutes, 'minute');
}

/** "Sunday 13 December 2026 at 07:10 UTC": a date anyone reads, in UTC (a mail cannot know the reader's zone). */
export function dateInWords(at: Date): string {
  // From parts, not one format: ICU versions differ on the comma after the weekday.
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')} UTC`;
}

/** "in 7 days (until Sunday 13 December 2026 at 07:10 UTC)". */
export function expiryInWords(expiresAt: Date, now: Date = new Date()): string {
  return `${durationInWords(expiresAt, now)} (until ${dateInWords(expiresAt)})`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (a name an admin typed, an address) as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => HTML_ESCAPES[c]);
}

function personInWords(person: { name: string; email: string }): string {
  return person.name.trim() ? `${person.name.trim()} (${person.email})` : person.email;
}

export function composePasswordLinkMail(input: PasswordLinkMailInput): ComposedMail {
  const { purpose, url, expiresAt, site, by, role, now = new Date() } = input;
  const host = new URL(site.url).host;
  const siteWords = `${site.name} (${host})`;
  const until = expiryInWords(expiresAt, now);

  let subject: string;
  let lead: string;
  let action: string;
  let ignore: string;
  if (purpose === 'invite') {
    const roleWords = ROLE_WORDS[role ?? 'WRITER'];
    const inviter = by ? personInWords(by) : 'An admin';
    subject = `${by?.name.trim() || by?.email || 'An admin'} invited you to ${site.name} as ${roleWords.label}`;
    lead = `${inviter} invited you to ${siteWords} as ${article(roleWords.label)} ${roleWords.label}: you will be able to ${roleWords.may}.`;
    action = 'Choose your password';
    ignore = 'If you did not expect this invitation, ignore this mail: no account is usable without the link.';
  } else if (by) {
    subject = `Set a new password for ${site.name}`;
    lead = `${personInWords(by)}, an admin of ${siteWords}, reset your password. Your old password no longer works.`;
    action = 'Choose a new password';
    ignore = 'If you did not expect this, tell an admin of the site.';
  } else {
    subject = `Reset your password for ${site.name}`;
    lead = `Someone, hopefully you, asked to reset the password of your account at ${siteWords}.`;
    action = 'Choose a new password';
    ignore = 'If you did not ask for this, ignore this mail: your password stays as it is.';
  }
  const expiry = `The link works once, ${until}.`;

  const text = `${lead}\n\n${action} here:\n${url}\n\n${expiry}\n\n${ignore}\n\n-- \n${site.name}, ${site.url}\n`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1b1b1b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #deded8;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:14px">Or open this address: <a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(url)}</a></p>
<p style="margin:0 0 16px">${escapeHtml(expiry)}</p>
<p style="margin:0;color:#555555;font-size:14px">${escapeHtml(ignore)}</p>
</div>
<p style="max-width:560px;margin:12px auto 0;color:#555555;font-size:13px">${escapeHtml(site.name)}, <a href="${escapeHtml(site.url)}" style="color:#555555">${escapeHtml(host)}</a></p>
</body>
</html>
`;
  return { subject, text, html };
}

function article(word: string): string {
  return /^[aeiou]/iu.test(word) ? 'an' : 'a';
}
