import type { RouteDoc } from '../route-docs';

/** Routes of the sales area, documented with the zod schemas their handlers validate with. */
export function salesRoutes(): RouteDoc[] {
  return [];
}
