import type { Db } from '../db/client';
import { peopleOf, type Person } from '../users/people';
import { contractSignersOf } from './contract-signers';
import { requireDefaultHolder } from './default-holder';

/** GET /api/role/contract: the default holder's contract signers. */
export async function listContractSigners(db: Db): Promise<{ signers: Person[] }> {
  const holder = await requireDefaultHolder(db);
  return { signers: await peopleOf(db, contractSignersOf(holder)) };
}
