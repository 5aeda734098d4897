/**
 * Access entries (SPEC §6): `client:role` for a personal role, `client:role:access:entity` for a
 * role held inside an entity (a licensee organisation, a designer company).
 */
export interface AccessEntry {
  client: string;
  role: string;
  access?: string;
  entity?: string;
}

const SEGMENT = /^[A-Za-z0-9_.\-*]+$/;

export function parseEntry(text: string): AccessEntry | null {
  const parts = text.trim().split(':');
  if (parts.length !== 2 && parts.length !== 4) return null;
  if (!parts.every((p) => SEGMENT.test(p))) return null;
  const [client, role, access, entity] = parts as [string, string, string?, string?];
  return access === undefined ? { client, role } : { client, role, access, entity };
}

export function formatEntry(entry: AccessEntry): string {
  return entry.access && entry.entity
    ? `${entry.client}:${entry.role}:${entry.access}:${entry.entity}`
    : `${entry.client}:${entry.role}`;
}

/** A granted entry never carries a wildcard: `*` belongs to the required side only. */
export function isGrantableEntry(text: string): boolean {
  const entry = parseEntry(text);
  return entry !== null && !text.includes('*');
}
