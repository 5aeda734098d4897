import type { TermsKind } from './kinds';

/**
 * The terms-wall decision of SPEC §4, with no React and no I/O.
 *
 * Decisions taken where the specification is silent (tested in tests/unit/terms-wall.test.ts):
 * - Where a version is compared is where its acceptance is kept ("the place"): a designer's own
 *   Designer record, a licensee's own Licensee record (the organisation it owns), and otherwise the
 *   person's own user record. So a designer or licensee whose record does not exist yet, a member
 *   of an organisation someone else owns, and a user with neither role are all asked, and their
 *   answer is kept on their user record (and carried onto a Designer record made later).
 * - "Designer" and "licensee" are the roles of SPEC §6. A user holding either role is asked for
 *   the places of the roles held. A user holding neither is compared on their user record alone:
 *   records they may own without the role (a revoked designer, holder staff who registered
 *   designers) are not theirs to accept for.
 * - The kind-specific prompt follows the roles held: every designer, personal or corporate, is
 *   asked for the creator terms (`terms-designer-personal`, the footer's "Creator Terms of Use");
 *   every licensee for `terms-licensee`. A user with neither role holds no kind.
 * - No prompt is shown while a kind has no published version in force, for the common prompt too:
 *   there is nothing to read or accept (and a platform without terms shows no wall).
 */

export type WallEntity = 'Designer' | 'Licensee' | 'User';

export interface WallRecord {
  key: string;
  accepted: Record<string, string | undefined>;
}

export interface WallInput {
  /** The product key of the settings: the common version is kept under `{product}_version`. */
  productKey: string;
  roles: { designer: boolean; licensee: boolean };
  /** The user's own Designer record, or null when there is none (or the search failed). */
  designer: WallRecord | null;
  /** The Licensee record the user owns, or null. */
  licensee: WallRecord | null;
  /** The user's own record (key: the user's sub). */
  user: WallRecord;
  /** Latest version in force of each kind; missing, null or '' when none is published. */
  latest: Partial<Record<TermsKind, string | null>>;
}

/** One change of an accepting user: `accepted_terms_version[field] = version` on one record. */
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

/** The kind whose version a field of accepted_terms_version holds, or null (`updated`, unknown fields). */
export function kindOfField(field: string, productKey: string): TermsKind | null {
  if (field === commonField(productKey)) return 'terms-common';
  if (field === DESIGNER_FIELD) return 'terms-designer-personal';
  if (field === LICENSEE_FIELD) return 'terms-licensee';
  return null;
}

interface Place {
  entity: WallEntity;
  record: WallRecord;
}

function latestOf(input: WallInput, kind: TermsKind): string | null {
  const value = input.latest[kind];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Where the designer and licensee sides of this user are compared and kept (see the decisions above). */
export function placesOf(input: WallInput): { designer: Place | null; licensee: Place | null; common: Place[] } {
  const user: Place = { entity: 'User', record: input.user };
  const designer = input.roles.designer
    ? input.designer
      ? { entity: 'Designer' as const, record: input.designer }
      : user
    : null;
  const licensee = input.roles.licensee
    ? input.licensee
      ? { entity: 'Licensee' as const, record: input.licensee }
      : user
    : null;
  const common = [designer, licensee].filter((p): p is Place => p !== null);
  const unique = common.filter((p, i) => common.findIndex((q) => q.entity === p.entity && q.record.key === p.record.key) === i);
  return { designer, licensee, common: unique.length ? unique : [user] };
}

/** Kind-specific prompt: the latest version is set, differs from the accepted one, and the kind is not terms-common. */
function kindPrompt(input: WallInput, place: Place | null, kind: TermsKind, field: string): TermsPrompt | null {
  if (!place || kind === 'terms-common') return null;
  const latest = latestOf(input, kind);
  if (latest === null || place.record.accepted[field] === latest) return null;
  return { kind, version: latest, accept: [{ entity: place.entity, key: place.record.key, field, version: latest }] };
}

export function decideTermsWall(input: WallInput): WallDecision {
  const places = placesOf(input);
  const field = commonField(input.productKey);
  const latestCommon = latestOf(input, 'terms-common');
  let common: TermsPrompt | null = null;
  if (latestCommon !== null) {
    const accept = places.common
      .filter((p) => p.record.accepted[field] !== latestCommon)
      .map((p) => ({ entity: p.entity, key: p.record.key, field, version: latestCommon }));
    if (accept.length) common = { kind: 'terms-common', version: latestCommon, accept };
  }
  const kinds = [
    kindPrompt(input, places.designer, 'terms-designer-personal', DESIGNER_FIELD),
    kindPrompt(input, places.licensee, 'terms-licensee', LICENSEE_FIELD),
  ].filter((p): p is TermsPrompt => p !== null);
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

/** The accepted fields that a change sets to a new value, with the kind each one belongs to. */
export function acceptedChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  productKey: string,
): { kind: TermsKind; field: string; version: string }[] {
  const changes: { kind: TermsKind; field: string; version: string }[] = [];
  for (const [field, value] of Object.entries(after ?? {})) {
    const kind = kindOfField(field, productKey);
    if (!kind || typeof value !== 'string' || value === '' || before?.[field] === value) continue;
    changes.push({ kind, field, version: value });
  }
  return changes;
}
