import { eq, inArray, like } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { designers } from '../db/entities-schema';
import { userAccess, users } from '../db/schema';
import type { HolderContext } from './facts';
import type { SubjectBinding } from './subjects';
import type { Audience, ReviewerGroup } from './types';

type Row = Record<string, unknown>;

async function productStaff(db: Db): Promise<string[]> {
  const { aclClient, productKey } = getConfig();
  const rows = await db
    .select({ sub: userAccess.sub })
    .from(userAccess)
    .where(eq(userAccess.entry, `${aclClient}:${productKey}`));
  return rows.map((r) => r.sub);
}

async function designerOwner(db: Db, designerKey: string | null): Promise<string[]> {
  if (!designerKey) return [];
  const [row] = await db.select({ owner: designers.owner }).from(designers).where(eq(designers.key, designerKey)).limit(1);
  return row?.owner ? [row.owner] : [];
}

async function licenseeMembers(db: Db, licenseeKey: string | null): Promise<string[]> {
  if (!licenseeKey) return [];
  const { aclClient } = getConfig();
  const rows = await db
    .select({ sub: userAccess.sub })
    .from(userAccess)
    .where(like(userAccess.entry, `${aclClient}:%:licensee:${licenseeKey}`));
  return rows.map((r) => r.sub);
}

/** The people who decide for these groups on this record. */
export async function reviewersOf(
  db: Db,
  holder: HolderContext,
  binding: SubjectBinding,
  row: Row,
  groups: readonly ReviewerGroup[],
): Promise<string[]> {
  const subs = new Set<string>();
  for (const group of groups) {
    if (group === 'designer') (await designerOwner(db, binding.designerOf(row))).forEach((s) => subs.add(s));
    else if (group === 'holder') (await productStaff(db)).forEach((s) => subs.add(s));
    else holder.approver[group]?.forEach((a) => subs.add(a.sub));
  }
  return [...subs];
}

/** Everyone a transition concerns, without duplicates and without the person who made it. */
export async function audienceOf(
  db: Db,
  holder: HolderContext,
  binding: SubjectBinding,
  row: Row,
  audiences: readonly Audience[],
  dueGroups: readonly ReviewerGroup[],
  actor: string,
): Promise<{ reviewers: string[]; others: string[] }> {
  const others = new Set<string>();
  let reviewers: string[] = [];
  for (const audience of audiences) {
    if (audience === 'owner') {
      const owner = binding.ownerOf(row);
      if (owner) others.add(owner);
    } else if (audience === 'designer') {
      (await designerOwner(db, binding.designerOf(row))).forEach((s) => others.add(s));
    } else if (audience === 'licensee') {
      (await licenseeMembers(db, binding.licenseeOf(row))).forEach((s) => others.add(s));
    } else if (audience === 'holder') {
      (await productStaff(db)).forEach((s) => others.add(s));
    } else if (audience === 'reviewers') {
      reviewers = await reviewersOf(db, holder, binding, row, dueGroups);
    }
  }
  reviewers = reviewers.filter((s) => s !== actor);
  return { reviewers, others: [...others].filter((s) => s !== actor && !reviewers.includes(s)) };
}

export async function languagesOf(db: Db, subs: string[]): Promise<Map<string, 'jp' | 'en'>> {
  if (subs.length === 0) return new Map();
  const rows = await db.select({ sub: users.sub, lang: users.lang }).from(users).where(inArray(users.sub, subs));
  return new Map(rows.map((r) => [r.sub, r.lang === 'en' ? 'en' : 'jp']));
}
