import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { tags } from '../db/entities-schema';
import { ENTITY_NAMES, entities, type EntityDef, type EntityName } from '../entities/definitions';
import { key } from '../entities/field-rules';

/** Entities whose records carry a `tags` array (entities[name].taggable). */
export const TAGGABLE_ENTITIES = ENTITY_NAMES.filter((name) => entities[name].taggable) as [EntityName, ...EntityName[]];

/** Body of /api/tag/assign/{id} and /api/tag/revoke/{id}: the record to tag. */
export const tagChangeInput = z.object({ entity: z.enum(TAGGABLE_ENTITIES), key: key() }).strict();

export interface TagTarget {
  def: EntityDef;
  table: PgTable;
  key: PgColumn;
  tags: PgColumn;
  version: PgColumn;
  dateUpdated: PgColumn;
}

export function targetOf(entity: EntityName): TagTarget {
  const def = entities[entity];
  const columns = getTableColumns(def.table);
  return {
    def,
    table: def.table,
    key: columns.key!,
    tags: columns.tags!,
    version: columns.version!,
    dateUpdated: columns.dateUpdated!,
  };
}

/** The tag named by the path must exist. */
export async function requireTag(db: Db, id: unknown): Promise<string> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(id)) throw new AppError('not_found', 'Tag not found');
  const [row] = await db.select({ key: tags.key }).from(tags).where(eq(tags.key, id)).limit(1);
  if (!row) throw new AppError('not_found', 'Tag not found');
  return row.key;
}

export interface TagChange {
  entity: EntityName;
  key: string;
  tags: string[];
  changed: boolean;
}
