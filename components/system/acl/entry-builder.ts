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

/** The translation key of a role: the product key's role is the product staff role. */
export function roleKey(role: string, product: string): string {
  return `roles.${role === product ? 'product' : role}`;
}
