import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Db } from '../db/client';
import { holders } from '../db/entities-schema';
import { users } from '../db/schema';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { CONTRACT_SIGNERS_KEY, contractSignersOf } from './contract-signers';
import { forgetDefaultHolder, requireDefaultHolder } from './default-holder';
import { holderAuthority } from './holder-authority';
import { forbidden } from '../roles/role-lists';

/** Body of /api/role/contract (POST adds a signer, DELETE removes one). */
export const roleContractInput = z.object({ sub: sub() }).strict();

export async function changeContractSigner(
  db: Db,
  caller: Caller,
  body: unknown,
  op: 'add' | 'remove',
): Promise<{ signers: string[]; changed: boolean }> {
  const input = validateInput(roleContractInput, body, caller.lang);
  return db.transaction(async (tx) => {
    const holder = await requireDefaultHolder(tx, { forUpdate: true });
    if (!holderAuthority(caller, holder).holderLists) forbidden();
    if (op === 'add') {
      const [user] = await tx.select({ sub: users.sub }).from(users).where(eq(users.sub, input.sub)).limit(1);
      if (!user) throw new AppError('not_found', 'user not found');
    }
    const before = contractSignersOf(holder);
    const after =
      op === 'add' ? (before.includes(input.sub) ? before : [...before, input.sub]) : before.filter((s) => s !== input.sub);
    if (after.length === before.length) return { signers: before, changed: false };
    forgetDefaultHolder();
    await tx
      .update(holders)
      .set({
        config: { ...holder.config, [CONTRACT_SIGNERS_KEY]: JSON.stringify(after) },
        version: sql`${holders.version} + 1`,
        dateUpdated: new Date(),
      })
      .where(eq(holders.key, holder.key));
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: `holder.contract.${op}`,
      ref: holder.key,
      data: { sub: input.sub, before, after },
    });
    return { signers: after, changed: true };
  });
}
