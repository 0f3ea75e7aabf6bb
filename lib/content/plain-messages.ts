import { z } from 'zod';

/**
 * Validation messages in plain words, for every schema that does not word its own: editors read
 * them next to the field ("Use at most 120 characters"), not Zod's defaults ("Too big: expected
 * string to have <=120 characters"). Installed as Zod's global error map when this module loads;
 * lib/content/schema.ts imports it, so the forms (zodResolver) and the server say the same thing.
 */
export const plainMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${max.toLocaleString('en')} ${max === 1 ? 'character' : 'characters'}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Use at most ${max} ${max === 1 ? 'item' : 'items'}`;
      if (issue.origin === 'number' || issue.origin === 'int') return `Enter a number no larger than ${max}`;
      return undefined;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'This is required' : `Use at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Add at least ${min} ${min === 1 ? 'item' : 'items'}`;
      if (issue.origin === 'number' || issue.origin === 'int') return `Enter a number no smaller than ${min}`;
      return undefined;
    }
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This is required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number';
      if (issue.expected === 'string') return 'Enter text';
      return undefined;
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
};

z.config({ customError: plainMessage });
