import { isTermsKind, type TermsKind } from './kinds';

/**
 * The terms-wall decision of SPEC §4, with no React and no I/O.
 *
 * Decisions taken where the specification is silent (tested in tests/unit/terms-wall.test.ts):
 * - Acceptance lives on the designer or licensee record (`accepted_terms_version`). A side whose
 *   record is missing (the search failed or found nothing) has no accepted version, and since
 *   there is nothing to patch it raises no prompt: otherwise a prompt that can never be recorded
 *   would come back on every page.
 * - "Designer" and "licensee" are the roles of SPEC §6. A user holding either role is asked for
 *   the sides of the roles held; a user holding neither (a revoked designer, say) is asked for
 *   whichever of their records differs ("for users with neither role, when either differs").
 * - No prompt is shown while a kind has no published version, for the common prompt too: there
 *   is nothing to read or accept (and a seeded platform without terms shows no wall).
 * - The designer kind is `terms-designer-{record role}`. Only `terms-designer-personal` is a kind,
 *   so personal designers get the designer prompt and corporate designers (bound by their own
 *   corporate agreement) only the common one; the licensee kind is `terms-licensee`.
 */

export type WallEntity = 'Designer' | 'Licensee';

export interface WallRecord {
  key: string;
  accepted: Record<string, string | undefined>;
}

export interface WallDesignerRecord extends WallRecord {
  /** personal or corporate (SPEC §3). */
  role: string;
}

export interface WallInput {
  /** The product key of the settings: the common version is kept under `{product}_version`. */
  productKey: string;
  roles: { designer: boolean; licensee: boolean };
  designer: WallDesignerRecord | null;
  licensee: WallRecord | null;
  /** Latest published version of each kind; missing, null or '' when none is published. */
  latest: Partial<Record<TermsKind, string | null>>;
}

/** One PATCH of an accepting user: `accepted_terms_version[field] = version`. */
export interface Acceptance {
  entity: WallEntity;
  key: string;
  field: string;
  version: string;
}

export interface TermsPrompt {
  kind: TermsKind;
  version: string;
  accept: Acceptance[];
}

export interface WallDecision {
  /** The common prompt (first modal), or null. */
  common: TermsPrompt | null;
  /** Kind-specific prompts (second modal), one after another. */
  kinds: TermsPrompt[];
}

export function commonField(productKey: string): string {
  return `${productKey}_version`;
}

export const DESIGNER_FIELD = 'designer_version';
export const LICENSEE_FIELD = 'licensee_version';

function latestOf(input: WallInput, kind: TermsKind): string | null {
  const value = input.latest[kind];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The records whose acceptance counts for this user (see the decisions above). */
function sidesOf(input: WallInput): { designer: WallDesignerRecord | null; licensee: WallRecord | null } {
  const anyRole = input.roles.designer || input.roles.licensee;
  return {
    designer: !anyRole || input.roles.designer ? input.designer : null,
    licensee: !anyRole || input.roles.licensee ? input.licensee : null,
  };
}

/** Kind-specific prompt: the latest version is set, differs from the accepted one, and the kind is not terms-common. */
function kindPrompt(
  input: WallInput,
  entity: WallEntity,
  record: WallRecord,
  kindName: string,
  field: string,
): TermsPrompt | null {
  if (!isTermsKind(kindName) || kindName === 'terms-common') return null;
  const latest = latestOf(input, kindName);
  if (latest === null || record.accepted[field] === latest) return null;
  return { kind: kindName, version: latest, accept: [{ entity, key: record.key, field, version: latest }] };
}

export function decideTermsWall(input: WallInput): WallDecision {
  const sides = sidesOf(input);
  const field = commonField(input.productKey);
  const latestCommon = latestOf(input, 'terms-common');
  let common: TermsPrompt | null = null;
  if (latestCommon !== null) {
    const accept: Acceptance[] = [];
    if (sides.designer && sides.designer.accepted[field] !== latestCommon) {
      accept.push({ entity: 'Designer', key: sides.designer.key, field, version: latestCommon });
    }
    if (sides.licensee && sides.licensee.accepted[field] !== latestCommon) {
      accept.push({ entity: 'Licensee', key: sides.licensee.key, field, version: latestCommon });
    }
    if (accept.length) common = { kind: 'terms-common', version: latestCommon, accept };
  }
  const kinds: TermsPrompt[] = [];
  if (sides.designer) {
    const prompt = kindPrompt(input, 'Designer', sides.designer, `terms-designer-${sides.designer.role}`, DESIGNER_FIELD);
    if (prompt) kinds.push(prompt);
  }
  if (sides.licensee) {
    const prompt = kindPrompt(input, 'Licensee', sides.licensee, 'terms-licensee', LICENSEE_FIELD);
    if (prompt) kinds.push(prompt);
  }
  return { common, kinds };
}

/** SPEC §7/§9: the accept time in UTC with a +00:00 offset, e.g. 2026-11-22T10:00:00.000+00:00. */
export function acceptTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/Z$/, '+00:00');
}

/** The new `accepted_terms_version` of a record: the fields accepted now and `updated`. */
export function acceptedAfter(
  current: Record<string, string | undefined>,
  accepted: Pick<Acceptance, 'field' | 'version'>[],
  now: Date = new Date(),
): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [name, value] of Object.entries(current)) if (typeof value === 'string') next[name] = value;
  for (const { field, version } of accepted) next[field] = version;
  next.updated = acceptTimestamp(now);
  return next;
}
