import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { findUserBySub } from './accounts';

/** GET /api/core/users/get/wallet: the caller's own wallet address. */
export async function getOwnWallet(db: Db, caller: Caller): Promise<{ address: string | null }> {
  const row = await findUserBySub(db, caller.sub);
  return { address: row?.wallet ?? null };
}
