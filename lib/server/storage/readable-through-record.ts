import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { designers } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { readScope, combine } from '../entities/policy';
import { viewerOf } from '../entities/viewer';
import type { FileViewer } from './read-file';

/**
 * A private file may still be shown to someone who can read a record that displays it: an
 * approved secondary IP's images to every designer, a licensee's product images to the IP's
 * designer, a designer's photo and documents on the public designer page. The record's own read
 * rules decide, so a file is never more visible than the records that carry it.
 */
export async function readableThroughRecord(db: Db, hash: string, viewer: FileViewer): Promise<boolean> {
  const v = await viewerOf(db, { sub: viewer.sub, access: [...viewer.access], via: 'bearer', lang: 'jp' });
  const imageOf = JSON.stringify([{ hash }]);
  for (const def of [entities.IP, entities.Product]) {
    const columns = getTableColumns(def.table);
    const where: SQL | undefined = combine(sql`${columns.images} @> ${imageOf}::jsonb`, readScope(def, v));
    const rows = await db
      .select({ key: columns.key! })
      .from(def.table as PgTable)
      .where(where)
      .limit(1);
    if (rows.length) return true;
  }
  const documentOf = JSON.stringify([{ image: hash }]);
  const [designer] = await db
    .select({ key: designers.key })
    .from(designers)
    .where(or(eq(designers.photo, hash), and(sql`${designers.document} @> ${documentOf}::jsonb`)))
    .limit(1);
  return Boolean(designer);
}
