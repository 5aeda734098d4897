import type { IncomingMessage, ServerResponse } from 'node:http';

/** Types of api-lane.mjs for the TypeScript that tests it (the server runs it as plain JavaScript). */
export declare const API_ROUTE_MARK: unique symbol;

export interface RouteMatch {
  page: string;
  params: Record<string, string | string[]>;
}

export interface RouteTable {
  statics: Map<string, string>;
  dynamics: { page: string; regex: RegExp; params: { name: string; catchAll: boolean }[] }[];
  headers: { regex: RegExp; headers: { key: string; value: string }[] }[];
}

export declare function routeTableOf(manifest: unknown): RouteTable;
export declare function matchApiRoute(table: RouteTable, pathname: string): RouteMatch | undefined;
export declare function queryOf(
  search: URLSearchParams,
  params: Record<string, string | string[]>,
): Record<string, string | string[]>;
export declare function bytesOf(limit: unknown): number;
export declare function readBody(req: IncomingMessage, limit: number): Promise<unknown>;
export declare function createApiLane(options: {
  distDir: string;
  next: (req: IncomingMessage, res: ServerResponse) => unknown;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
