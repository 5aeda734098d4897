import { AppError } from '../api/errors';
import type { Caller } from '../api/authenticate';
import type { docs } from '../db/schema';
import { requireRole } from '../roles/role-lists';

/** Collection names of /api/doc/{name}. */
export const DOC_NAME = /^[a-z][a-z0-9_-]{0,39}$/;
export const DOC_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Largest `data`, serialised as JSON, in bytes. */
export const MAX_DOC_BYTES = 100_000;

export function docNameOf(value: unknown): string {
  if (typeof value !== 'string' || !DOC_NAME.test(value)) throw new AppError('not_found', 'collection not found');
  return value;
}

export function docIdOf(value: unknown): string {
  if (typeof value !== 'string' || !DOC_ID.test(value)) throw new AppError('not_found', 'document not found');
  return value;
}

/** Reading is open to anyone signed in; writing needs an administrator or the product role. */
export function assertMayWriteDocs(caller: Caller): void {
  requireRole(caller, 'holderProductOnly');
}

export type DocRow = typeof docs.$inferSelect;

export interface Doc {
  name: string;
  id: string;
  data: Record<string, unknown>;
  version: number;
  owner: string | null;
  dateCreated: Date;
  dateUpdated: Date;
}

export function docOf(row: DocRow): Doc {
  return {
    name: row.name,
    id: row.id,
    data: row.data as Record<string, unknown>,
    version: row.version,
    owner: row.owner,
    dateCreated: row.dateCreated,
    dateUpdated: row.dateUpdated,
  };
}
