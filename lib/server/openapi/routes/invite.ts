import type { RouteDoc } from '../route-docs';

/** Routes of the invite area, documented with the zod schemas their handlers validate with. */
export function inviteRoutes(): RouteDoc[] {
  return [];
}
