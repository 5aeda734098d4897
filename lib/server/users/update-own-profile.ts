import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { shortText, stringMap } from '../entities/field-rules';
import { recordAcceptances } from '../terms/acceptances';
import { findUserBySub } from './accounts';
import { validateInput } from '../common/validate-input';
import { MAIL_KINDS } from '../notify/mail-kinds';
import { getOwnProfile, type OwnProfile } from './get-own-profile';

/** An EVM address: 0x and 40 hexadecimal digits. */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Body of /api/core/users/profile/update: the caller's own names, language (the one language
 * setting of the person: pages, notifications, mail and PDFs follow it), picture, wallet, and the
 * terms accepted on this record by someone whose version is compared here (lib/terms/wall.ts).
 */
export const usersProfileUpdateInput = z
  .object({
    nickname: shortText(100).optional(),
    first_name: shortText(100).optional(),
    last_name: shortText(100).optional(),
    lang: z.enum(['jp', 'en']).optional(),
    // A site path or an http(s) address; never javascript: or data: URLs.
    picture: z
      .string()
      .trim()
      .max(2000)
      .regex(/^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/)
      .meta({ examples: ['https://example.com/me.png'] })
      .nullable()
      .optional(),
    wallet: z.string().trim().regex(EVM_ADDRESS).nullable().optional(),
    // Kinds of notification not to be mailed (the bell still has them).
    mail_off: z.array(z.enum(MAIL_KINDS)).max(MAIL_KINDS.length).optional(),
    // One mail a day listing the day's items instead of one mail each.
    mail_digest: z.boolean().optional(),
    accepted_terms_version: stringMap().optional(),
  })
  .strict();

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
