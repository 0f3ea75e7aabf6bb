// @ts-check
/**
 * Things to close when the process stops (database pools, Redis connections), run by the server
 * wrapper (server/serve.mjs) after the HTTP server has drained.
 *
 * The registry lives on globalThis under a Symbol.for key: the app's bundles, the unbundled cache
 * handlers and the wrapper each load their own copy of this module, and must share one list.
 */
const HOOKS = Symbol.for('film-cms.shutdown-hooks');

/** @returns {Map<string, () => Promise<unknown> | unknown>} */
function hooks() {
  const global = /** @type {Record<symbol, Map<string, () => Promise<unknown> | unknown>>} */ (/** @type {unknown} */ (globalThis));
  global[HOOKS] ??= new Map();
  return global[HOOKS];
}

/**
 * Register `close` under `name` (registering a name again replaces it, so a reloaded module
 * doesn't close twice).
 * @param {string} name
 * @param {() => Promise<unknown> | unknown} close
 */
export function onShutdown(name, close) {
  hooks().set(name, close);
}

/**
 * Run every hook once, in parallel, each bounded by `timeoutMs`. Failures are reported, not thrown.
 * @param {{ timeoutMs?: number, onError?: (name: string, error: unknown) => void }} [options]
 * @returns {Promise<string[]>} the names of the hooks that ran
 */
export async function runShutdownHooks(options = {}) {
  const { timeoutMs = 5_000, onError = () => {} } = options;
  const entries = [...hooks().entries()];
  hooks().clear();
  await Promise.all(
    entries.map(async ([name, close]) => {
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      try {
        await Promise.race([
          Promise.resolve().then(close),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`did not finish within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } catch (error) {
        onError(name, error);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return entries.map(([name]) => name);
}
