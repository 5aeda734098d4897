import { eq } from 'drizzle-orm';
import { entitiesOf } from '../../acl/match';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { findDefaultHolder } from '../holder/default-holder';
import { designers } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import type { SubjectBinding } from './subjects';
import type { ActorFacts, HolderGroup } from './types';

type Row = Record<string, unknown>;

export interface HolderContext {
  key: string | null;
  approver: Record<HolderGroup, { sub: string }[]>;
  config: Record<string, string>;
}

export async function defaultHolder(db: Db): Promise<HolderContext> {
  const holder = await findDefaultHolder(db);
  return {
    key: holder?.key ?? null,
    approver: {
      legal: [],
      brand: [],
      cfl: [],
      boss: [],
      ...((holder?.approver ?? {}) as Partial<Record<HolderGroup, { sub: string }[]>>),
    },
    config: holder?.config ?? {},
  };
}

/** The approver groups a person sits in, computed from the sub (SPEC §6). */
export function groupsOf(holder: HolderContext, sub: string): HolderGroup[] {
  return (Object.keys(holder.approver) as HolderGroup[]).filter((g) => holder.approver[g]?.some((a) => a.sub === sub));
}

/** What the engine needs to know about this person and this record. */
export async function actorFacts(
  db: Db,
  viewer: Viewer,
  holder: HolderContext,
  binding: SubjectBinding,
  row: Row,
): Promise<ActorFacts> {
  const designerKey = binding.designerOf(row);
  let isDesigner = false;
  if (designerKey) {
    const [designer] = await db.select({ owner: designers.owner }).from(designers).where(eq(designers.key, designerKey)).limit(1);
    isDesigner = designer?.owner === viewer.sub;
  }
  const licensee = binding.licenseeOf(row);
  // An organisation's designer members make designs for it; its business steps (applying,
  // signing, reporting, invoicing) are for its owners, admins and staff.
  const { aclClient } = getConfig();
  const acting = entitiesOf(viewer.access, 'licensee', aclClient, ['owner', 'admin', 'staff']);
  return {
    sub: viewer.sub,
    isOwner: binding.ownerOf(row) === viewer.sub,
    isAdmin: viewer.admin,
    isProduct: viewer.product,
    isHolder: viewer.holder,
    groups: groupsOf(holder, viewer.sub),
    isDesignerOfSubject: isDesigner,
    isLicenseeOfSubject: licensee !== null && acting.includes(licensee),
  };
}
