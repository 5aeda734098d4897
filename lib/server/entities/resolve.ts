import { AppError } from '../api/errors';
import type { Caller } from '../api/authenticate';
import { getDb, type Db } from '../db/client';
import { entityByName, type EntityDef } from './definitions';
import { viewerOf, type Viewer } from './viewer';

/** The entity named by the route, the database and the caller's viewer: what every entity route needs. */
export async function resolveEntity(name: unknown, caller: Caller): Promise<{ def: EntityDef; db: Db; viewer: Viewer }> {
  const def = entityNamed(name);
  const db = await getDb();
  return { def, db, viewer: await viewerOf(db, caller) };
}

/** The entity named by the route (404 for any other name). */
export function entityNamed(name: unknown): EntityDef {
  const def = entityByName(String(name));
  if (!def) throw new AppError('not_found', `unknown entity ${String(name).slice(0, 40)}`);
  return def;
}

export function idOf(value: unknown): string {
  const id = String(value ?? '');
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw new AppError('not_found', 'not found');
  return id;
}

/** A key, or a reference as a person typed it (letters, digits, dashes of any width): read routes only. */
export function keyOrReferenceOf(value: unknown): string {
  const id = String(value ?? '').trim();
  if (id.length === 0 || id.length > 64 || /[\u0000-\u001f/?#%\\]/.test(id)) throw new AppError('not_found', 'not found');
  return id;
}
