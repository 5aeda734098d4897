import type { RouteDoc } from '../route-docs';

/** Routes of the system area, documented with the zod schemas their handlers validate with. */
export function systemRoutes(): RouteDoc[] {
  return [];
}
