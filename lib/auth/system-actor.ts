import type { Actor } from './permissions';

/**
 * The actor of code that runs without a request (seed, command-line import, start-up, benchmarks):
 * an admin, for a user (`userId`, so revisions name them as author) or for nobody.
 */
export const systemActor = (label = 'system', userId = ''): Actor => ({ userId, label, role: 'ADMIN', via: 'system' });

/** The author a change is recorded under: the actor's user, or nobody for a system actor acting for no one. */
export const authorIdOf = (actor: Actor) => actor.userId || null;
