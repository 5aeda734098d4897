import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { shortText, sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { lockExistingUser } from '../roles/change-access';
import { summaryOf, type UserSummary } from './user-view';
import { requireRole } from '../roles/role-lists';

/** Body of /api/core/users/set (administrators). `status` 0 is active; anything else suspends. */
export const usersSetInput = z
  .object({
    sub: sub(),
    nickname: shortText(100).optional(),
    first_name: shortText(100).optional(),
    last_name: shortText(100).optional(),
    lang: z.enum(['jp', 'en']).optional(),
    status: z.number().int().min(0).max(9).optional(),
  })
  .strict();

const COLUMNS = { nickname: 'nickname', first_name: 'firstName', last_name: 'lastName', lang: 'lang', status: 'status' } as const;
type Field = keyof typeof COLUMNS;

/** Changes a user's names, language or status; logged as `user.set` with the fields before and after. */
export async function setUser(db: Db, caller: Caller, body: unknown): Promise<UserSummary & { changed: boolean }> {
  requireRole(caller, 'system');
  const input = validateInput(usersSetInput, body, caller.lang);
  if (input.sub === caller.sub && input.status !== undefined && input.status !== 0) {
    throw fieldError(caller.lang, {
      status: { message: { jp: '自分自身のアカウントは停止できません。', en: 'You cannot suspend your own account.' } },
    });
  }
  return db.transaction(async (tx) => {
    await lockExistingUser(tx, input.sub);
    const [current] = await tx.select().from(users).where(eq(users.sub, input.sub));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const patch: Partial<typeof users.$inferInsert> = {};
    for (const field of Object.keys(COLUMNS) as Field[]) {
      const value = input[field];
      const column = COLUMNS[field];
      if (value === undefined || current![column] === value) continue;
      before[field] = current![column];
      after[field] = value;
      Object.assign(patch, { [column]: value });
    }
    if (Object.keys(patch).length === 0) return { ...summaryOf(current!), changed: false };
    const [updated] = await tx
      .update(users)
      .set({ ...patch, version: sql`${users.version} + 1`, dateUpdated: new Date() })
      .where(eq(users.sub, input.sub))
      .returning();
    await writeAdminLog(tx, { sub: caller.sub, action: 'user.set', ref: input.sub, data: { sub: input.sub, before, after } });
    return { ...summaryOf(updated!), changed: true };
  });
}
