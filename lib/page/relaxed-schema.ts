import { z } from 'zod';

/**
 * A schema with its rules relaxed, for work in progress (the editor's autosave): the same shape
 * and types, but none of the rules a saved revision must meet (required text, patterns, ranges,
 * uniqueness), so nothing typed is lost while it is not valid yet. Sizes stay bounded, more
 * generously than the content's: text up to 2.5 times its limit (at least 1,000 characters),
 * lists twice theirs. Defaults are dropped (a form always holds every field) except where
 * `keepDefaults` asks; a nullable number reads what cannot be a number as null (a number input
 * may hold anything while typing).
 */

const MIN_TEXT_BOUND = 1_000;

type Def = { type: string; checks?: Array<{ _zod: { def: { check: string; maximum?: number; format?: string } } }> } & Record<
  string,
  unknown
>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const maxOf = (def: Def) => def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;

export function relaxedSchema(schema: z.ZodType, { keepDefaults = false } = {}): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const max = maxOf(def);
      return z.string().max(max === undefined ? MIN_TEXT_BOUND : Math.max(MIN_TEXT_BOUND, Math.ceil(max * 2.5)));
    }
    case 'number': {
      const whole = def.checks?.some((c) => c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint');
      return whole ? z.number().int() : z.number();
    }
    case 'array': {
      const max = maxOf(def);
      const items = z.array(relaxedSchema(def.element as z.ZodType));
      return max === undefined ? items : items.max(max * 2);
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return z.object(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, relaxedSchema(field)])));
    }
    case 'nullable': {
      const inner = def.innerType as z.ZodType;
      const relaxed = relaxedSchema(inner).nullable();
      return defOf(inner).type === 'number' ? relaxed.catch(null) : relaxed;
    }
    case 'default': {
      const inner = relaxedSchema(def.innerType as z.ZodType);
      return keepDefaults ? inner.default(() => structuredClone(def.defaultValue)) : inner;
    }
    case 'optional':
      return relaxedSchema(def.innerType as z.ZodType).optional();
    default:
      // Enums (the spoiler level), booleans, literals: nothing to relax.
      return schema;
  }
}

/**
 * An object schema's fields relaxed; the `optional` keys read their content default when missing
 * (a slot saved before a part existed).
 */
export function relaxedObject<Shape extends z.ZodRawShape>(shape: Shape, optional: ReadonlySet<string>): z.ZodType {
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [key, relaxedSchema(field as z.ZodType, { keepDefaults: optional.has(key) })]),
    ),
  );
}
