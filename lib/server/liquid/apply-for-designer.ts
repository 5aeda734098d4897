import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Tx } from '../common/tx';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { designers, liquidApplications } from '../db/entities-schema';
import { lockUser } from '../roles/change-access';
import { newKey } from '../keys';
import { recordLiquidMove } from './events';
import { liquidApplyInput, OPEN_LIQUID_STATES } from './inputs';
import { liquidMessages } from './messages';
import { isLiquidStaff } from './staff';

export type LiquidApplication = typeof liquidApplications.$inferSelect;

/** The applicant's open application, if any (applied, reviewing or approved). */
export async function openApplicationOf(tx: Tx | Db, applicant: string): Promise<LiquidApplication | undefined> {
  const [row] = await tx
    .select()
    .from(liquidApplications)
    .where(and(eq(liquidApplications.applicant, applicant), inArray(liquidApplications.state, [...OPEN_LIQUID_STATES])))
    .orderBy(desc(liquidApplications.dateCreated))
    .limit(1);
  return row;
}

/**
 * POST /api/liquid/apply: a signed-in user applies to become a designer (for themselves; admin
 * and product staff may file for someone). One open application per person, and none for
 * someone who already owns a Designer record.
 */
export async function applyForDesigner(db: Db, caller: Caller, body: unknown): Promise<LiquidApplication> {
  const input = validateInput(liquidApplyInput, body, caller.lang);
  if (input.applicant_id !== caller.sub && !isLiquidStaff(caller)) {
    throw new AppError('forbidden', liquidMessages.otherApplicant[caller.lang]);
  }
  return db.transaction(async (tx) => {
    // One person's applications queue up here, so two at once cannot both pass the check below.
    if (!(await lockUser(tx, input.applicant_id))) {
      throw fieldError(caller.lang, { applicant_id: { message: liquidMessages.unknownApplicant, code: 'key' } });
    }
    if (await openApplicationOf(tx, input.applicant_id)) {
      throw fieldError(
        caller.lang,
        { applicant_id: { message: liquidMessages.alreadyOpen } },
        {
          message: liquidMessages.alreadyOpen[caller.lang],
          conflict: true,
        },
      );
    }
    const [own] = await tx.select({ key: designers.key }).from(designers).where(eq(designers.owner, input.applicant_id)).limit(1);
    if (own) {
      throw fieldError(
        caller.lang,
        { applicant_id: { message: liquidMessages.alreadyDesigner } },
        {
          message: liquidMessages.alreadyDesigner[caller.lang],
          conflict: true,
        },
      );
    }
    const [row] = await tx
      .insert(liquidApplications)
      .values({
        key: newKey(),
        applicant: input.applicant_id,
        kind: 'designer',
        role: input.role,
        profile: input.profile as Record<string, unknown>,
        documents: input.documents ?? [],
        state: 'applied',
      })
      .returning();
    await recordLiquidMove(tx, { row: row!, action: 'apply', from: '', to: 'applied', actor: caller.sub });
    return row!;
  });
}
