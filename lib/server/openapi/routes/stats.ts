import type { RouteDoc } from '../route-docs';

/** Routes of the stats area, documented with the zod schemas their handlers validate with. */
export function statsRoutes(): RouteDoc[] {
  return [];
}
