import { eq } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { licenses } from '../db/entities-schema';
import { contracts } from '../db/platform-schema';
import type { Viewer } from '../entities/viewer';
import { contractSignersOf } from '../holder/contract-signers';
import { findDefaultHolder } from '../holder/default-holder';
import { currentContract, type ContractRow } from './store';

type Row = Record<string, unknown>;

export interface ContractInView {
  contract: ContractRow;
  /** The license row; null for a demo contract. */
  license: Row | null;
}

function notFound(): never {
  throw new AppError('not_found', 'contract not found');
}

export function isDemo(contract: ContractRow): boolean {
  return (contract.terms as { demo?: unknown }).demo === true;
}

/** The licensee's members, holder staff (admin, boss, product) and administrators read a license's contract. */
export function mayReadLicenseContract(viewer: Viewer, license: Row): boolean {
  return viewer.holder || viewer.admin || viewer.licensees.includes(String(license.licensee));
}

/**
 * A contract by its own key or by its license's key (the revision in force), when the viewer may
 * read it: a demo contract to administrators, a license's to its parties and holder staff.
 * Anything else answers not found, so nobody learns that a contract exists.
 */
export async function contractInView(db: Db, viewer: Viewer, id: unknown): Promise<ContractInView> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) notFound();
  const [byKey] = await db.select().from(contracts).where(eq(contracts.key, id)).limit(1);
  const contract = byKey ?? (await currentContract(db, id));
  if (!contract) notFound();
  if (isDemo(contract)) {
    if (!viewer.admin) notFound();
    return { contract, license: null };
  }
  const [license] = await db.select().from(licenses).where(eq(licenses.key, contract.license)).limit(1);
  if (!license || !mayReadLicenseContract(viewer, license as Row)) notFound();
  return { contract, license: license as Row };
}

/** The holder's designated contract signers; with none designated, administrators and the product role. */
export async function mayCountersign(db: Db, viewer: Viewer): Promise<boolean> {
  const holder = await findDefaultHolder(db);
  const signers = holder ? contractSignersOf(holder) : [];
  return signers.length > 0 ? signers.includes(viewer.sub) : viewer.admin || viewer.product;
}
