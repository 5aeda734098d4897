import { eq, sql } from 'drizzle-orm';
import { entitiesOf, hasAccess } from '../../acl/match';
import { accessLists } from '../../acl/roles';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { designers } from '../db/entities-schema';
import type { ScopeViewer } from './policy';

/** What object-level rules need to know about the caller (DESIGN §4). */
export interface Viewer {
  sub: string;
  lang: 'jp' | 'en';
  access: string[];
  /** admin, boss or the product role: sees and manages every record. */
  holder: boolean;
  admin: boolean;
  /** Product role or admin: publishes primary IP, manages tags and terms. */
  product: boolean;
  designerRole: boolean;
  /** Licensee organisations the caller belongs to, any sub-role. */
  licensees: string[];
  /** Licensee organisations where the caller is owner or admin. */
  licenseeAdmin: string[];
  /** Licensee organisations where the caller is staff, admin or owner (not a designer member). */
  licenseeStaff: string[];
  /** Designer records the caller owns. */
  designers: string[];
}

/** Everything of the viewer that the caller's access entries alone tell. */
function fromAccess(caller: Caller): Omit<Viewer, 'designers'> {
  const { aclClient: client, productKey: product } = getConfig();
  const lists = accessLists({ client, product });
  return {
    sub: caller.sub,
    lang: caller.lang,
    access: caller.access,
    holder: hasAccess(lists.holder, caller.access),
    admin: hasAccess(lists.system, caller.access),
    product: hasAccess(lists.holderProductOnly, caller.access),
    designerRole: hasAccess(lists.designer, caller.access),
    licensees: entitiesOf(caller.access, 'licensee', client),
    licenseeAdmin: entitiesOf(caller.access, 'licensee', client, ['owner', 'admin']),
    licenseeStaff: entitiesOf(caller.access, 'licensee', client, ['owner', 'admin', 'staff']),
  };
}

export async function viewerOf(db: Db, caller: Caller): Promise<Viewer> {
  const viewer = fromAccess(caller);
  // Holder roles see every record, so their designer records never narrow anything: skip the read.
  const owned = viewer.holder
    ? []
    : await db.select({ key: designers.key }).from(designers).where(eq(designers.owner, caller.sub));
  return { ...viewer, designers: owned.map((d) => d.key) };
}

/**
 * The viewer of a read that runs as one statement: the designer records it owns are a subquery
 * of that statement rather than a lookup of their own (the same rows, one round trip fewer).
 */
export function readViewerOf(caller: Caller): ScopeViewer {
  const viewer = fromAccess(caller);
  if (viewer.holder) return { ...viewer, designers: [] };
  return { ...viewer, designers: sql`(select ${designers.key} from ${designers} where ${designers.owner} = ${caller.sub})` };
}
