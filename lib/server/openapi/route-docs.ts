import type { z } from 'zod';

/** How a route is described in /openapi.json; the input is the zod schema the route validates with. */
export interface RouteDoc {
  path: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  summary: string;
  tag: string;
  input?: z.ZodType;
  /**
   * Query parameters of a route whose `input` (if any) is its body: a DELETE that reads `?version=`.
   * A GET documents its `input` as query parameters and needs no `query`.
   */
  query?: z.ZodType;
  /** A JSON Schema reference or inline schema for `data` of a success answer. */
  output?: Record<string, unknown>;
  /** Patterns of SPEC §6 the caller needs, shown in the description; empty: any signed-in caller. */
  acl?: string;
  public?: boolean;
  /**
   * A route that answers a document of a standard format (a DID document, a signed credential) or
   * a file (PDF, zip, CSV, an image) instead of the envelope; errors stay envelopes. Several media
   * types when the caller chooses the format (CSV or XLSX); no example for binary content.
   */
  raw?: { mediaType: string | readonly string[]; schema: Record<string, unknown>; example?: unknown; description?: string };
}
