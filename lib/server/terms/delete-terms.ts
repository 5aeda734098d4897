import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { requireRole } from '../roles/role-lists';
import { kindOf, termsQueryInput } from './terms-input';
import { documentOf, holderOf, saveVersions, versionsOf, type TermsDocument } from './terms-store';

/** DELETE /api/terms/{type}?entity=&version=: removes the given version, or the latest one. */
export async function deleteTerms(db: Db, caller: Caller, query: Record<string, unknown>): Promise<TermsDocument> {
  requireRole(caller, 'holderProductOnly');
  const kind = kindOf(query.type);
  const { entity, version } = validateInput(termsQueryInput, query, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const row = await holderOf(tx, entity, true);
    const versions = versionsOf(row, kind);
    const index = version === undefined ? versions.length - 1 : versions.findIndex((v) => v.metadata.version === version);
    if (index < 0) throw new AppError('not_found', 'terms version not found');
    const removed = versions[index]!;
    const next = versions.filter((_, i) => i !== index);
    await saveVersions(tx, row, kind, next);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'terms.delete',
      data: { type: kind, version: removed.metadata.version },
      ref: row.key,
    });
    return documentOf(row, kind, next);
  });
}
