import type { Prisma } from '../generated/prisma/client';

/**
 * Who has a person page: someone who plays a character in, directs or writes a film (the sitemap,
 * the people list and its count, prerendering, the benchmarks). Relations of `Person`, not parts
 * of the film page.
 */
export const PERSON_HAS_PAGE = { OR: [{ characters: { some: {} } }, { credits: { some: {} } }] } satisfies Prisma.PersonWhereInput;
