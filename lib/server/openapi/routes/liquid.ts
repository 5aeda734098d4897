import type { RouteDoc } from '../route-docs';

/** Routes of the liquid area, documented with the zod schemas their handlers validate with. */
export function liquidRoutes(): RouteDoc[] {
  return [];
}
