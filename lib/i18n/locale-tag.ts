import { z } from 'zod';

/** A language as an address or a request names it: a language tag's shape (whether the site has it is decided elsewhere). Pure. */
export const localeTagSchema = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Must be a language tag such as fr or fr-CA');
