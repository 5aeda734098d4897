import type { z } from 'zod';
import type { FieldPolicy } from './definitions';

export type RefusedCode = 'serverOwned' | 'reviewed';

/**
 * The fields an entity's create and patch schemas leave out because the server or a flow owns
 * them, by schema: validation names them with their reason ("set by the platform", "changes only
 * through review") instead of calling them unknown. Held beside the schemas so that every route
 * validating with them refuses the same fields the same way.
 */
const refused = new WeakMap<z.ZodType, Readonly<Record<string, RefusedCode>>>();

export function registerRefusedFields(schema: z.ZodType, fields: Readonly<Record<string, FieldPolicy>>): void {
  const codes: Record<string, RefusedCode> = {};
  for (const [name, policy] of Object.entries(fields)) {
    if (policy.write === 'server') codes[name] = 'serverOwned';
    else if (policy.write === 'reviewed') codes[name] = 'reviewed';
  }
  refused.set(schema, codes);
}

/** Why `field` is refused by `schema`, when it is one of the server's or a flow's fields. */
export function refusedCodeOf(schema: z.ZodType, field: string): RefusedCode | undefined {
  const codes = refused.get(schema);
  return codes && Object.hasOwn(codes, field) ? codes[field] : undefined;
}
