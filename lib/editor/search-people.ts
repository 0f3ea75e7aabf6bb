import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { slugify, type PersonRef } from '../content/schema';

/**
 * People (from published films) whose name contains the query, for the "played by" picker. Also
 * returns people whose slug the query would produce, so creating "Aurelie" can see that
 * "Aurélie" (slug aurelie) exists instead of silently taking over her page.
 */
export async function searchPeople({ query, actor, limit = 8 }: { query: string; actor: Actor; limit?: number }): Promise<PersonRef[]> {
  assertCan(actor, 'film.read');
  const q = query.trim().slice(0, 100);
  if (q === '') return [];
  const rows = await db().person.findMany({
    where: { OR: [{ name: { contains: q, mode: 'insensitive' } }, { slug: { startsWith: slugify(q) } }] },
    select: { name: true, slug: true },
    orderBy: { name: 'asc' },
    take: Math.min(limit, 25),
  });
  return rows;
}
