import { eq } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { designers } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';

export interface DesignerRef {
  key: string;
  owner: string | null;
  creator_name: string;
}

/** The designer named by the route; an unknown key answers "not found" (status 2). */
export async function loadDesigner(db: Db, key: string): Promise<DesignerRef> {
  const [row] = await db
    .select({ key: designers.key, owner: designers.owner, creator_name: designers.creator_name })
    .from(designers)
    .where(eq(designers.key, key))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Designer not found');
  return row;
}

/** Whether the viewer is the designer's owner or holder staff (admin, boss, product role). */
export function isOwnerOrHolder(viewer: Viewer, designer: DesignerRef): boolean {
  return viewer.holder || (designer.owner !== null && designer.owner === viewer.sub);
}

/** Permits, products and applications of a designer are for the designer and the holder only (status 3). */
export async function designerForPrivateRead(db: Db, viewer: Viewer, key: string): Promise<DesignerRef> {
  const designer = await loadDesigner(db, key);
  if (!isOwnerOrHolder(viewer, designer)) throw new AppError('forbidden', 'permission denied');
  return designer;
}
