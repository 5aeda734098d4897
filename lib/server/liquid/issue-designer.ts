import { eq } from 'drizzle-orm';
import { forgetCallers, type Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Db } from '../db/client';
import { designers } from '../db/entities-schema';
import { requestVerification, sameAddress } from '../contacts/verified-fields';
import { users } from '../db/schema';
import { entities } from '../entities/definitions';
import { newKey } from '../keys';
import { changeAccess, lockUser } from '../roles/change-access';
import { roleNames } from '../roles/role-lists';
import type { LiquidApplication } from './apply-for-designer';
import { recordLiquidMove } from './events';
import { liquidIssueInput } from './inputs';
import { liquidMessages } from './messages';
import { checkLiquidMove, lockApplication, setApplicationState } from './move-application';

type DesignerInsert = typeof designers.$inferInsert;

/**
 * POST /api/liquid/issue/{id}: from approved, in one transaction: the Designer record (owned by
 * the applicant, from the profile), the calbee:designer entry with its admin log, the state
 * issued with the new designer key, LogWorkflow and the applicant's notification. A second issue
 * is refused (the state is no longer approved) and changes nothing.
 */
export async function issueDesigner(db: Db, caller: Caller, id: unknown, body: unknown): Promise<LiquidApplication> {
  const input = validateInput(liquidIssueInput, body ?? {}, caller.lang);
  const issued = await db.transaction(async (tx) => {
    const row = await lockApplication(tx, caller, id);
    const step = checkLiquidMove(caller, row, 'issued', input.comment);
    await lockUser(tx, row.applicant);
    const [existing] = await tx.select({ key: designers.key }).from(designers).where(eq(designers.owner, row.applicant)).limit(1);
    if (existing) {
      throw fieldError(
        caller.lang,
        { applicant: { message: liquidMessages.alreadyDesigner } },
        {
          message: liquidMessages.alreadyDesigner[caller.lang],
          conflict: true,
        },
      );
    }
    const profile = row.profile as Partial<DesignerInsert>;
    // A contact address other than the applicant's account is used once they confirm it.
    const [account] = await tx
      .select({ email: users.email, lang: users.lang, accepted: users.accepted_terms_version })
      .from(users)
      .where(eq(users.sub, row.applicant));
    const own = account?.email ?? null;
    const wanted = String(profile.email ?? '');
    const held = own && wanted && !sameAddress(wanted, own) ? [{ field: 'email', value: wanted }] : [];
    const [designer] = await tx
      .insert(designers)
      .values({
        ...profile,
        key: newKey(),
        role: row.role,
        document: row.documents,
        owner: row.applicant,
        creator_name: String(profile.creator_name ?? ''),
        email: held.length ? own! : wanted,
        // Terms the applicant accepted before having this record were kept on their user record
        // (lib/terms/wall.ts): the record starts from them, so the wall does not ask again.
        accepted_terms_version: { ...(account?.accepted ?? {}), ...(profile.accepted_terms_version ?? {}) },
      })
      .returning();
    await requestVerification(
      tx,
      entities.Designer,
      { sub: row.applicant, lang: account?.lang === 'en' ? 'en' : 'jp' },
      designer!,
      held,
    );
    const entry = `${roleNames().client}:designer`;
    const diff = await changeAccess(tx, { sub: row.applicant, grantedBy: caller.sub, add: [entry] });
    if (diff.changed) {
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: 'acl.grant',
        ref: row.applicant,
        data: {
          sub: row.applicant,
          entry,
          before: diff.before,
          after: diff.after,
          application: row.key,
          designer: designer!.key,
        },
      });
    }
    const moved = await setApplicationState(tx, row, { state: step.to, designer: designer!.key, decided_by: caller.sub });
    await recordLiquidMove(tx, {
      row: moved,
      action: step.action,
      from: row.state,
      to: step.to,
      actor: caller.sub,
      comment: input.comment || undefined,
    });
    return moved;
  });
  // writeAdminLog cleared remembered callers before the commit; clear again so none saw the old entries.
  forgetCallers();
  return issued;
}
