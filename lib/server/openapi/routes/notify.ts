import type { RouteDoc } from '../route-docs';

/** Routes of the notify area, documented with the zod schemas their handlers validate with. */
export function notifyRoutes(): RouteDoc[] {
  return [];
}
