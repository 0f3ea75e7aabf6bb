import { describe, expect, it } from 'vitest';
import {
  composePasswordLinkMail,
  dateInWords,
  durationInWords,
  escapeHtml,
  expiryInWords,
  type PasswordLinkMailInput,
} from './password-link-mail';

const now = new Date('2026-12-06T07:10:00Z');
const site = { name: 'Film pages', url: 'https://films.example' };
const url = 'https://films.example/set-password/abc_DEF-123';

describe('expiry in words', () => {
  it('says how long, in the largest whole unit, and the date in UTC', () => {
    expect(durationInWords(new Date(now.getTime() + 7 * 24 * 3_600_000), now)).toBe('in 7 days');
    expect(durationInWords(new Date(now.getTime() + 24 * 3_600_000), now)).toBe('in 24 hours');
    expect(durationInWords(new Date(now.getTime() + 3_600_000), now)).toBe('in 1 hour');
    expect(durationInWords(new Date(now.getTime() + 5 * 60_000), now)).toBe('in 5 minutes');
    expect(dateInWords(new Date('2026-12-13T07:10:00Z'))).toBe('Sunday 13 December 2026 at 07:10 UTC');
    expect(expiryInWords(new Date('2026-12-13T07:10:00Z'), now)).toBe('in 7 days (until Sunday 13 December 2026 at 07:10 UTC)');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<b title="x">Tom & 'Jerry'</b>`)).toBe('&lt;b title=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;');
  });
});

describe('composePasswordLinkMail', () => {
  /** An invitation to a writer by Ada, expiring in 7 days, but for `changes`. */
  const mail = (changes: Partial<PasswordLinkMailInput> = {}) =>
    composePasswordLinkMail({
      purpose: 'invite',
      url,
      expiresAt: new Date('2026-12-13T07:10:00Z'),
      site,
      by: { name: 'Ada <Admin>', email: 'ada@films.example' },
      role: 'WRITER',
      now,
      ...changes,
    });
  const invite = mail();

  it('an invitation names the inviter, the site, the role and the expiry in words, in both parts', () => {
    expect(invite.subject).toBe('Ada <Admin> invited you to Film pages as Writer');
    for (const part of [invite.text, invite.html]) {
      expect(part).toContain('films.example');
      expect(part).toContain('Writer');
      expect(part).toContain('in 7 days (until Sunday 13 December 2026 at 07:10 UTC)');
      expect(part).toContain(url);
      expect(part).not.toContain('GMT');
    }
    expect(invite.text).toContain('Ada <Admin> (ada@films.example) invited you to Film pages (films.example) as a Writer');
    // The inviter's name is text in the HTML, never markup.
    expect(invite.html).toContain('Ada &lt;Admin&gt; (ada@films.example)');
    expect(invite.html).not.toContain('<Admin>');
    expect(invite.html).toContain(`<a href="${url}"`);
  });

  it('an admin role reads "an Admin"; an admin reset names the admin; a requested reset names no one and says the password stays', () => {
    const admin = mail({ by: { name: '', email: 'root@films.example' }, role: 'ADMIN' });
    expect(admin.text).toContain('root@films.example invited you to Film pages (films.example) as an Admin');
    const oneDay = { purpose: 'reset', expiresAt: new Date('2026-12-07T07:10:00Z'), role: undefined } as const;
    const reset = mail({ ...oneDay, by: { name: 'Ada', email: 'ada@films.example' } });
    expect(reset.text).toContain('Ada (ada@films.example), an admin of Film pages (films.example), reset your password');
    expect(reset.text).toContain('in 24 hours (until Monday 7 December 2026 at 07:10 UTC)');
    const requested = mail({ ...oneDay, by: null });
    expect(requested.subject).toBe('Reset your password for Film pages');
    expect(requested.text).toContain('asked to reset the password of your account at Film pages (films.example)');
    expect(requested.text).toContain('your password stays as it is');
    expect(requested.html).toContain('your password stays as it is');
  });
});
