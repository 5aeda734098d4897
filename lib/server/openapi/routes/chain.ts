import type { RouteDoc } from '../route-docs';

/** Routes of the chain area, documented with the zod schemas their handlers validate with. */
export function chainRoutes(): RouteDoc[] {
  return [];
}
