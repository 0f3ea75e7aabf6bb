import { config } from 'zod/v4/core';

/**
 * Runs in the browser before the app hydrates. Zod compiles object parsers with `new Function` when
 * it may; the pages' CSP allows no eval, so its probe would be refused and reported as a violation
 * on every form. Interpreted parsing is fast enough for forms, and the CSP stays strict.
 */
config({ jitless: true });
