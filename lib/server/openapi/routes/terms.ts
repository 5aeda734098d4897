import type { RouteDoc } from '../route-docs';

/** Routes of the terms area, documented with the zod schemas their handlers validate with. */
export function termsRoutes(): RouteDoc[] {
  return [];
}
