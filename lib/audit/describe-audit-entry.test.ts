import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, describeAuditEntry } from './describe-audit-entry';

const entry = (action: string, details: unknown = {}, film: string | null = null, subject = '') => ({ action, subject, film, details });

describe('describeAuditEntry', () => {
  it('says what happened in words, naming the film and revision it is about', () => {
    expect(describeAuditEntry(entry('film.publish', { revision: 4 }, 'kiss-and-cry', 'kiss-and-cry'))).toEqual({
      text: 'Published revision 4',
      film: 'kiss-and-cry',
      revision: 4,
    });
    expect(describeAuditEntry(entry('film.restore', { revision: 6, restoredFrom: 2 }, 'x')).text).toBe('Restored revision 2 as revision 6');
    expect(describeAuditEntry(entry('film.save', { revision: 3, message: 'typo' }, 'x')).text).toBe('Saved revision 3: “typo”');
    expect(
      describeAuditEntry(entry('film.lint-dismiss', { revision: 5, label: 'Character “Amanda”', phrase: 'medical bills' }, 'x')).text,
    ).toBe('Dismissed the spoiler-lint warning on Character “Amanda” (“medical bills”) on revision 5');
    expect(describeAuditEntry(entry('user.role', { from: 'EDITOR', to: 'ADMIN' }, null, 'ana@example.com')).text).toBe(
      'Changed the role of ana@example.com from editor to admin',
    );
    expect(describeAuditEntry(entry('auth.sign-in-failed', { reason: 'invalid' }, null, 'a@b.c')).text).toBe(
      'Sign-in as a@b.c failed: wrong email or password',
    );
    expect(describeAuditEntry(entry('token.revoke', { prefix: 'fpc_ab12' }, null, 'CI')).text).toBe(
      'Revoked the API token “CI” (fpc_ab12…)',
    );
    expect(describeAuditEntry(entry('user.create', { role: 'EDITOR', bootstrap: true }, null, 'ed@example.com')).text).toBe(
      'Created the account ed@example.com (editor) at start-up',
    );
  });

  it('gives every catalogued action a sentence, whatever its details hold', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      for (const details of [{}, null, 'text', [1], { revision: 'x', reason: 7, numbers: 'no' }]) {
        const { text } = describeAuditEntry(entry(action, details, 'film', 'subject'));
        expect(text.length, action).toBeGreaterThan(0);
        expect(text, action).not.toMatch(/undefined|\[object/);
      }
    }
  });

  it('tells an approval that schedules from one that publishes, and gives times in words', () => {
    const scheduled = describeAuditEntry(entry('review.approve', { revision: 7, publishAt: '2026-12-24T18:05:00.000Z' }, 'x')).text;
    expect(scheduled).toBe('Approved revision 7 and scheduled its publish for 24 Dec 2026, 18:05 UTC');
    expect(describeAuditEntry(entry('review.approve', { revision: 7 }, 'x')).text).toBe('Approved and published revision 7');
    expect(describeAuditEntry(entry('schedule.publish', { revision: 7, runAt: '2026-12-24T18:05:00.000Z' }, 'x')).text).toBe(
      'Scheduled revision 7 to be published at 24 Dec 2026, 18:05 UTC',
    );
    expect(describeAuditEntry(entry('film.publish', { revision: 7, jobId: 'j1' }, 'x')).text).toBe('Published revision 7 as scheduled');
  });

  it('names the translation a review is for', () => {
    expect(describeAuditEntry(entry('review.submit', { revision: 2, locale: 'fr', note: 'Relu' }, 'x')).text).toBe(
      'Submitted revision 2 of the French translation for review: “Relu”',
    );
    expect(describeAuditEntry(entry('review.approve', { revision: 2, locale: 'fr' }, 'x')).text).toBe(
      'Approved and published revision 2 of the French translation',
    );
    expect(describeAuditEntry(entry('review.request-changes', { revision: 2, locale: 'fr', comment: 'Le titre' }, 'x')).text).toBe(
      'Requested changes to revision 2 of the French translation: “Le titre”',
    );
  });

  it('names the translation a scheduled job is for', () => {
    const at = '2026-12-24T18:05:00.000Z';
    expect(describeAuditEntry(entry('schedule.publish', { revision: 2, runAt: at, locale: 'fr' }, 'x')).text).toBe(
      'Scheduled revision 2 of the French translation to be published at 24 Dec 2026, 18:05 UTC',
    );
    expect(describeAuditEntry(entry('schedule.unpublish', { runAt: at, locale: 'fr' }, 'x')).text).toBe(
      'Scheduled the French translation to be taken off the site at 24 Dec 2026, 18:05 UTC',
    );
    expect(describeAuditEntry(entry('schedule.run', { kind: 'unpublish', locale: 'fr' }, 'x')).text).toBe(
      'Ran the scheduled unpublish of the French translation',
    );
    expect(describeAuditEntry(entry('schedule.fail', { kind: 'publish', attempts: 5, locale: 'fr' }, 'x')).text).toBe(
      'A scheduled publish of the French translation failed after 5 attempts',
    );
    expect(describeAuditEntry(entry('schedule.unpublish', { runAt: at }, 'x')).text).toBe(
      'Scheduled the film to be taken off the site at 24 Dec 2026, 18:05 UTC',
    );
  });

  it('names webhooks by their receiver and uploads by their file name', () => {
    const url = 'https://example.com/hook';
    expect(describeAuditEntry(entry('webhook.create', { events: ['film.published'] }, null, url)).text).toBe(
      'Added a webhook sending to https://example.com/hook',
    );
    expect(describeAuditEntry(entry('webhook.disable', { reason: 'a day without a delivery' }, null, url)).text).toBe(
      'Turned off the webhook sending to https://example.com/hook: a day without a delivery',
    );
    expect(describeAuditEntry(entry('media.upload', { fileName: 'poster.png', width: 800, height: 1200 }, null, 'cff7e6')).text).toBe(
      'Uploaded image “poster.png” (800×1200)',
    );
    expect(describeAuditEntry(entry('media.upload', {}, null, 'cff7e6')).text).toBe('Uploaded image cff7e6');
  });

  it('links no revision without a film, and shows an unknown action as its code', () => {
    expect(describeAuditEntry(entry('film.publish', { revision: 2 }, null, 'gone-film'))).toMatchObject({ film: null, revision: null });
    expect(describeAuditEntry(entry('something.new', {}, null, 'subject')).text).toBe('something.new subject');
  });
});
