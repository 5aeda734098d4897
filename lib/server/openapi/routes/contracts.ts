import type { RouteDoc } from '../route-docs';

/** Routes of the contracts area, documented with the zod schemas their handlers validate with. */
export function contractsRoutes(): RouteDoc[] {
  return [];
}
