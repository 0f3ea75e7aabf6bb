/**
 * Runs in the browser before the app hydrates. Zod compiles object parsers with `new Function` when
 * it may; the pages' CSP allows no eval, so its probe would be refused and reported as a violation
 * on every form. Interpreted parsing is fast enough for forms, and the CSP stays strict.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod, and
 * read when a schema is made), so it is set there without importing zod: this file is in every
 * page's first JavaScript, reader pages included, which never parse anything with zod.
 * instrumentation-client.test.ts checks that zod's `config()` reads this object.
 */
const zodConfig = ((globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

export {};
