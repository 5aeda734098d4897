import { isGrantableEntry } from '@/lib/acl/entry';

/** Roles an administrator picks from: personal roles, then roles held inside an organisation. */
export function knownRoles(product: string): { personal: string[]; scoped: string[] } {
  return {
    personal: ['user', 'admin', 'boss', product, 'designer', 'licensee'],
    scoped: ['owner', 'admin', 'staff', 'designer'],
  };
}

export const ACCESS_KINDS = ['licensee', 'designer'] as const;

export interface EntryDraft {
  role: string;
  access: string;
  entity: string;
}

/** The entry string a draft stands for (`client:role` or `client:role:access:entity`). */
export function entryOf(client: string, draft: EntryDraft): string {
  const role = draft.role.trim();
  const access = draft.access.trim();
  return access ? `${client}:${role}:${access}:${draft.entity.trim()}` : `${client}:${role}`;
}

export type DraftProblem = 'roleRequired' | 'entityRequired' | 'entityInvalid' | null;

/** What is wrong with a draft before it is sent, keyed by the field to show it under. */
export function draftProblems(client: string, draft: EntryDraft): Partial<Record<keyof EntryDraft, DraftProblem>> {
  const problems: Partial<Record<keyof EntryDraft, DraftProblem>> = {};
  if (!draft.role.trim()) problems.role = 'roleRequired';
  if (draft.access && !draft.entity.trim()) problems.entity = 'entityRequired';
  else if (draft.access && draft.role.trim() && !isGrantableEntry(entryOf(client, draft))) problems.entity = 'entityInvalid';
  return problems;
}

/** The translation key of a role: the product key's role is the product staff role. */
export function roleKey(role: string, product: string): string {
  return `roles.${role === product ? 'product' : role}`;
}
