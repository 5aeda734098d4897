import type { RouteDoc } from '../route-docs';

/** Routes of the storage area, documented with the zod schemas their handlers validate with. */
export function storageRoutes(): RouteDoc[] {
  return [];
}
