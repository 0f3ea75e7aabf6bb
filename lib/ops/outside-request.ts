import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work the server does on its own, outside any request (the scheduled-job runner). Next's request
 * APIs (revalidateTag, headers) throw there, so code that has a request-free path asks
 * `isOutsideRequest()` first.
 */
const outside = new AsyncLocalStorage<true>();

export function runOutsideRequest<T>(work: () => Promise<T>): Promise<T> {
  return outside.run(true, work);
}

export function isOutsideRequest(): boolean {
  return outside.getStore() === true;
}
