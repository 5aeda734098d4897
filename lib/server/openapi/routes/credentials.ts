import type { RouteDoc } from '../route-docs';

/** Routes of the credentials area, documented with the zod schemas their handlers validate with. */
export function credentialsRoutes(): RouteDoc[] {
  return [];
}
