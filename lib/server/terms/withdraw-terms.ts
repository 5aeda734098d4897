import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { requireRole } from '../roles/role-lists';
import { latestInForce } from '../../terms/kinds';
import { acceptanceCounts } from './acceptances';
import { kindOf, termsQueryInput } from './terms-input';
import { documentOf, holderOf, saveVersions, versionsOf, type TermsDocument } from './terms-store';

/**
 * DELETE /api/terms/{type}?entity=&version=: withdraws the version in force (the given one, or
 * the latest). Terms are evidence of what people agreed to, so nothing is removed: the version
 * stays in the history with its text and its acceptances, marked withdrawn, and the version before
 * it is in force again. A mistake is corrected by publishing a new version.
 */
export async function withdrawTerms(db: Db, caller: Caller, query: Record<string, unknown>): Promise<TermsDocument> {
  requireRole(caller, 'holderProductOnly');
  const kind = kindOf(query.type);
  const { entity, version } = validateInput(termsQueryInput, query, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const row = await holderOf(tx, entity, true);
    const versions = versionsOf(row, kind);
    const inForce = latestInForce(versions);
    const target = version === undefined ? inForce : versions.find((v) => v.metadata.version === version);
    if (!target) throw new AppError('not_found', 'terms version not found');
    if (target !== inForce) {
      const message = target.metadata.withdrawn
        ? { jp: 'この版はすでに取り下げられています。', en: 'This version has already been withdrawn.' }
        : {
            jp: '取り下げられるのは現在有効な版だけです。古い版は履歴としてそのまま残ります。',
            en: 'Only the version in force can be withdrawn; older versions stay in the history as they are.',
          };
      throw fieldError(caller.lang, { version: { message } }, { conflict: true, message: 'not in force' });
    }
    const withdrawn = new Date().toISOString();
    const next = versions.map((v) => (v === target ? { ...v, metadata: { ...v.metadata, withdrawn } } : v));
    await saveVersions(tx, row, kind, next);
    const restored = latestInForce(next);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'terms.withdraw',
      data: { type: kind, version: target.metadata.version, restored: restored?.metadata.version ?? null },
      ref: row.key,
    });
    return { ...documentOf(row, kind, next), acceptances: await acceptanceCounts(tx, kind) };
  });
}
