// @ts-check
/**
 * Asks `probe` every `everyMs` until it gives a value (not false, null or undefined), for at most
 * `timeoutMs`; then fails naming `what` and the probe's last error. Waiting for a state to come
 * (a server up, a log line), never a retry of a failed check: the operations tests
 * (scripts/ops/support.ts) and `npm run test:docker` use it.
 * @template T
 * @param {string} what @param {() => Promise<T | false | null | undefined>} probe
 * @returns {Promise<T>}
 */
export async function waitFor(what, probe, timeoutMs = 15_000, everyMs = 100) {
  const until = Date.now() + timeoutMs;
  /** @type {unknown} */
  let last;
  while (Date.now() < until) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const reason = last ? ` (${last instanceof Error ? last.message : last})` : '';
  throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${reason}`);
}
