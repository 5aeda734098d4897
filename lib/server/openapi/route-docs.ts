import type { z } from 'zod';

/** How a route is described in /openapi.json; the input is the zod schema the route validates with. */
export interface RouteDoc {
  path: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  summary: string;
  tag: string;
  input?: z.ZodType;
  /** A JSON Schema reference or inline schema for `data` of a success answer. */
  output?: Record<string, unknown>;
  /** Patterns of SPEC §6 the caller needs, shown in the description; empty: any signed-in caller. */
  acl?: string;
  public?: boolean;
  /** A route that answers a document of a standard format (a DID document, a signed credential) instead of the envelope. */
  raw?: { mediaType: string; schema: Record<string, unknown>; example: unknown };
}
