import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { ForbiddenError } from '../errors';
import { makeActor } from '../../test-support/actors';
import { exportAuditCsv } from './export-audit-csv';
import { writeAudit } from './write-audit';

let admin: Actor;
const marker = `auditcsv-${Date.now().toString(36)}`;

beforeAll(async () => {
  admin = await makeActor('ADMIN', `${marker}@test.example`);
  const film = await db().film.create({ data: { slug: `${marker}-film`, title: 'CSV film' } });
  await db().$transaction((tx) =>
    writeAudit(tx, {
      actor: admin,
      action: 'film.save',
      filmId: film.id,
      subject: film.slug,
      details: { revision: 2, message: '=HYPERLINK("x")' },
    }),
  );
  await db().$transaction((tx) =>
    writeAudit(tx, { actor: admin, action: 'film.publish', filmId: film.id, subject: film.slug, details: { revision: 2 } }),
  );
  await db().$transaction((tx) =>
    writeAudit(tx, { actor: admin, action: 'user.invite', subject: '+1@test.example', details: { role: 'EDITOR' } }),
  );
});

const parse = (csv: string) => csv.trimEnd().split('\n');

describe('exportAuditCsv', () => {
  it('has a header and one row per entry, newest first, in words beside the code', async () => {
    const lines = parse(await exportAuditCsv({ actor: admin, query: { actor: marker } }));
    expect(lines[0]).toBe('time,who,what happened,action,film,revision,subject');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[^,]+,${marker}@test\\.example,Invited \\+1@test\\.example as editor,user\\.invite,,,'\\+1@test\\.example$`,
      ),
    );
    expect(lines[2]).toContain(`,Published revision 2,film.publish,${marker}-film,2,${marker}-film`);
  });

  it('applies the filters, and escapes cells a spreadsheet would run as formulas', async () => {
    const lines = parse(await exportAuditCsv({ actor: admin, query: { actor: marker, action: 'film.save' } }));
    expect(lines).toHaveLength(2);
    // The sentence starts with "Saved", so only the subject column could start a formula here; the
    // message inside the sentence is quoted text, never a formula.
    expect(lines[1]).toContain('"Saved revision 2: “=HYPERLINK(""x"")”"');
  });

  it('is for admins only', async () => {
    await expect(exportAuditCsv({ actor: await makeActor('EDITOR'), query: {} })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
