import { parseEntry } from './entry';

/**
 * Does one granted entry satisfy one required pattern? Segments compare exactly, `*` in the
 * pattern matches any single segment, and a `*` in the granted entry matches nothing special.
 * A two-segment pattern (a personal role) is met only by a personal entry; a staff member's
 * entry naming an entity never grants the personal role of the same name.
 */
export function entryMatches(required: string, granted: string): boolean {
  const want = parseEntry(required);
  const have = parseEntry(granted);
  if (!want || !have || granted.includes('*')) return false;
  const w = [want.client, want.role, want.access, want.entity];
  const h = [have.client, have.role, have.access, have.entity];
  return w.every((segment, i) => {
    if (segment === undefined) return h[i] === undefined;
    if (h[i] === undefined) return false;
    return segment === '*' || segment === h[i];
  });
}

/** Access is allowed when any required pattern is met by any granted entry. An empty list is open. */
export function hasAccess(required: readonly string[] | undefined, granted: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((pattern) => granted.some((entry) => entryMatches(pattern, entry)));
}

/** The entities (keys) in which the granted entries hold a role of the given kind, e.g. licensee. */
export function entitiesOf(granted: readonly string[], access: string, client: string, roles?: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const text of granted) {
    const entry = parseEntry(text);
    if (!entry || entry.client !== client || entry.access !== access || !entry.entity) continue;
    if (text.includes('*')) continue;
    if (roles && !roles.includes(entry.role)) continue;
    keys.add(entry.entity);
  }
  return [...keys];
}
