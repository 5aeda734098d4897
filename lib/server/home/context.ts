import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../api/authenticate';
import { designers } from '../db/entities-schema';
import { readViewerOf } from '../entities/viewer';
import type { Viewer } from '../entities/viewer';
import type { HolderContext } from '../flow/facts';

/** Who reads the home, as the one statement needs them. */
export interface HomeContext {
  viewer: Omit<Viewer, 'designers'>;
  holder: HolderContext;
  /**
   * The designer records the reader owns, as a subquery of the statement; null for holder roles,
   * whose designer records never narrow what they see (viewerOf does not read them either).
   */
  designers: SQL | null;
  now: Date;
}

export function homeContext(caller: Caller, holder: HolderContext, now: Date): HomeContext {
  const { designers: owned, ...viewer } = readViewerOf(caller);
  return { viewer, holder, designers: Array.isArray(owned) ? null : (owned as SQL), now };
}

/** Whether the reader owns a designer record. */
export function ownsDesigner(ctx: HomeContext): SQL {
  return ctx.designers ? sql`exists (select 1 from ${designers} where ${eq(designers.owner, ctx.viewer.sub)})` : sql`false`;
}

/** Records the reader made (`owner`) or made as one of their designer records (`designer`). */
export function madeByReader(ctx: HomeContext, owner: PgColumn, designer: PgColumn): SQL {
  const own = eq(owner, ctx.viewer.sub);
  return ctx.designers ? or(own, inArray(designer, ctx.designers))! : own;
}
