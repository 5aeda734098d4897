import type { RouteDoc } from '../route-docs';

/** Routes of the members area, documented with the zod schemas their handlers validate with. */
export function membersRoutes(): RouteDoc[] {
  return [];
}
