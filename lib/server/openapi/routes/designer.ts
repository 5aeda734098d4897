import type { RouteDoc } from '../route-docs';

/** Routes of the designer area, documented with the zod schemas their handlers validate with. */
export function designerRoutes(): RouteDoc[] {
  return [];
}
