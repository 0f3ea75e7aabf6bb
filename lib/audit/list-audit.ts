import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import type { Prisma } from '../generated/prisma/client';
import { auditQuerySchema, type AuditQuery } from './audit-schema';

/**
 * The audit log, newest first, one page at a time. Keyset pagination on the id (it only grows), so
 * a page costs the same however deep it is and entries written meanwhile never shift the pages.
 * Filters: action (a full name or a prefix such as "film."), actor (part of the email or token
 * name), film (its slug now or at the time of the entry).
 */
export async function listAudit({ actor, query = {} }: { actor: Actor; query?: AuditQuery }) {
  assertCan(actor, 'audit.read');
  const { action, actor: who, film, before, limit } = auditQuerySchema.parse(query);
  const where: Prisma.AuditLogWhereInput = {
    ...(action ? { action: { startsWith: action } } : {}),
    ...(who ? { actorLabel: { contains: who, mode: 'insensitive' } } : {}),
    ...(film ? { OR: [{ film: { slug: film } }, { subject: film }] } : {}),
    ...(before ? { id: { lt: BigInt(before) } } : {}),
  };
  const rows = await db().auditLog.findMany({
    where,
    orderBy: { id: 'desc' },
    take: limit + 1,
    select: { id: true, createdAt: true, actorLabel: true, action: true, subject: true, details: true, film: { select: { slug: true } } },
  });
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ id, film: f, ...row }) => ({ ...row, id: id.toString(), film: f?.slug ?? null })),
    nextCursor: rows.length > limit ? page[page.length - 1].id.toString() : null,
  };
}

export type AuditEntryView = Awaited<ReturnType<typeof listAudit>>['entries'][number];
