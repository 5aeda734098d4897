import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { callerIn } from '../roles/role-lists';
import { latestInForce, TERMS_KINDS, type TermsKind, type TermsMetadata } from '../../terms/kinds';
import { acceptanceCounts } from './acceptances';
import { kindOf, termsQueryInput } from './terms-input';
import { documentOf, holderOf, versionsOf, type TermsDocument } from './terms-store';

function langOf(caller: Caller | null) {
  return caller?.lang ?? 'jp';
}

/**
 * GET /api/terms/{type}?entity=: every version of one kind, oldest first, withdrawn ones marked;
 * public (the terms pages need no sign-in). Holder staff also get the number of acceptances of each.
 */
export async function getTerms(db: Db, caller: Caller | null, query: Record<string, unknown>): Promise<TermsDocument> {
  const kind = kindOf(query.type);
  const { entity } = validateInput(termsQueryInput, query, langOf(caller));
  const document = documentOf(await holderOf(db, entity), kind);
  if (caller && callerIn(caller, 'holderProductOnly')) document.acceptances = await acceptanceCounts(db, kind);
  return document;
}

export interface LatestTerms {
  entity: string;
  /** The metadata and content of the version in force of each kind, or null when none is. */
  latest: Record<TermsKind, { metadata: TermsMetadata; content: string } | null>;
}

/** GET /api/terms?entity=: the version in force of every kind at once, for the terms wall. */
export async function getLatestTerms(db: Db, caller: Caller | null, query: Record<string, unknown>): Promise<LatestTerms> {
  const { entity } = validateInput(termsQueryInput, query, langOf(caller));
  const row = await holderOf(db, entity);
  const latest = {} as LatestTerms['latest'];
  for (const kind of TERMS_KINDS) {
    latest[kind] = latestInForce(versionsOf(row, kind));
  }
  return { entity: row.key, latest };
}
