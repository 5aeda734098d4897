import { eq, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { recordAcceptances } from '../terms/acceptances';
import { findUserBySub } from './accounts';
import { validateInput } from '../common/validate-input';
import { getOwnProfile, type OwnProfile } from './get-own-profile';
import { EVM_ADDRESS, usersProfileUpdateInput } from './inputs';

export { EVM_ADDRESS, usersProfileUpdateInput };

export async function updateOwnProfile(db: Db, caller: Caller, body: unknown): Promise<OwnProfile> {
  const input = validateInput(usersProfileUpdateInput, body, caller.lang);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) patch.nickname = input.nickname;
  if (input.first_name !== undefined) patch.firstName = input.first_name;
  if (input.last_name !== undefined) patch.lastName = input.last_name;
  if (input.lang !== undefined) patch.lang = input.lang;
  if (input.picture !== undefined) patch.picture = input.picture || null;
  if (input.wallet !== undefined) patch.wallet = input.wallet;
  if (input.mail_off !== undefined) patch.mailOff = [...new Set(input.mail_off)].sort();
  if (input.mail_digest !== undefined) patch.mailDigest = input.mail_digest;
  if (input.accepted_terms_version !== undefined) patch.accepted_terms_version = input.accepted_terms_version;
  if (Object.keys(patch).length) {
    await db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
      const before = input.accepted_terms_version === undefined ? undefined : await findUserBySub(tx, caller.sub);
      await tx
        .update(users)
        .set({ ...patch, version: sql`${users.version} + 1`, dateUpdated: new Date() })
        .where(eq(users.sub, caller.sub));
      if (before) {
        await recordAcceptances(tx, {
          sub: caller.sub,
          recordType: 'User',
          recordKey: caller.sub,
          before: before.accepted_terms_version,
          after: input.accepted_terms_version,
        });
      }
    });
  }
  return getOwnProfile(db, caller);
}
