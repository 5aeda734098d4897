import type { RouteDoc } from '../route-docs';

/** Routes of the licensee area, documented with the zod schemas their handlers validate with. */
export function licenseeRoutes(): RouteDoc[] {
  return [];
}
