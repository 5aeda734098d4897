import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { TERMS_KINDS, type TermsKind, type TermsMetadata } from '../../terms/kinds';
import { kindOf, termsQueryInput } from './terms-input';
import { documentOf, holderOf, versionsOf, type TermsDocument } from './terms-store';

function langOf(caller: Caller | null) {
  return caller?.lang ?? 'jp';
}

/** GET /api/terms/{type}?entity=: every version of one kind, oldest first; public (the terms pages need no sign-in). */
export async function getTerms(db: Db, caller: Caller | null, query: Record<string, unknown>): Promise<TermsDocument> {
  const kind = kindOf(query.type);
  const { entity } = validateInput(termsQueryInput, query, langOf(caller));
  return documentOf(await holderOf(db, entity), kind);
}

export interface LatestTerms {
  entity: string;
  /** The latest version's metadata and content of each kind, or null when none is published. */
  latest: Record<TermsKind, { metadata: TermsMetadata; content: string } | null>;
}

/** GET /api/terms?entity=: the latest version of every kind at once, for the terms wall. */
export async function getLatestTerms(db: Db, caller: Caller | null, query: Record<string, unknown>): Promise<LatestTerms> {
  const { entity } = validateInput(termsQueryInput, query, langOf(caller));
  const row = await holderOf(db, entity);
  const latest = {} as LatestTerms['latest'];
  for (const kind of TERMS_KINDS) {
    const versions = versionsOf(row, kind);
    latest[kind] = versions[versions.length - 1] ?? null;
  }
  return { entity: row.key, latest };
}
