import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { requireRole } from '../roles/role-lists';
import type { TermsVersion } from '../../terms/kinds';
import { requireTermsData, termsPutInput, termsQueryInput } from './terms-input';
import { sanitizeTermsHtml } from './sanitize-terms';
import { documentOf, holderOf, saveVersions, versionsOf, type TermsDocument } from './terms-store';

/** Most versions kept per kind (the Holder schema's limit for a terms list). */
const MAX_VERSIONS = 500;

/** PUT /api/terms/{type}?entity=: appends a new version; it becomes the latest at once. */
export async function publishTerms(
  db: Db,
  caller: Caller,
  query: Record<string, unknown>,
  body: unknown,
): Promise<TermsDocument> {
  requireRole(caller, 'holderProductOnly');
  const kind = requireTermsData(query.type, body);
  const { entity } = validateInput(termsQueryInput, query, caller.lang);
  const { termsData } = validateInput(termsPutInput, body, caller.lang);
  const format = termsData.format ?? 'html';
  const content = format === 'html' ? sanitizeTermsHtml(termsData.content) : termsData.content;
  if (content === '') {
    throw fieldError(caller.lang, {
      'termsData.content': {
        code: 'required',
        message: { jp: '表示できる本文がありません。', en: 'The text has nothing that can be shown.' },
      },
    });
  }
  if (termsData.document) {
    const [file] = await db
      .select({ hash: files.hash })
      .from(files)
      .where(and(eq(files.hash, termsData.document), eq(files.public, true), eq(files.mime, 'application/pdf')))
      .limit(1);
    if (!file) {
      throw fieldError(caller.lang, {
        'termsData.document': {
          message: { jp: '公開されたPDFファイルが見つかりません。', en: 'No public PDF file has this reference.' },
        },
      });
    }
  }
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const row = await holderOf(tx, entity, true);
    const versions = versionsOf(row, kind);
    if (versions.some((v) => v.metadata.version === termsData.version)) {
      throw fieldError(
        caller.lang,
        {
          'termsData.version': {
            message: { jp: 'この版はすでに公開されています。', en: 'This version has already been published.' },
          },
        },
        { conflict: true, message: 'version exists' },
      );
    }
    if (versions.length >= MAX_VERSIONS) {
      throw fieldError(caller.lang, {
        'termsData.version': {
          message: {
            jp: `ひとつの規約に公開できる版は${MAX_VERSIONS}件までです。`,
            en: `At most ${MAX_VERSIONS} versions can be published for one kind of terms.`,
          },
        },
      });
    }
    const version: TermsVersion = {
      metadata: {
        version: termsData.version,
        published: new Date().toISOString(),
        format,
        ...(termsData.document ? { document: termsData.document } : {}),
      },
      content,
    };
    const next = [...versions, version];
    await saveVersions(tx, row, kind, next);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'terms.publish',
      data: { type: kind, version: termsData.version, document: termsData.document ?? null },
      ref: row.key,
    });
    return documentOf(row, kind, next);
  });
}
