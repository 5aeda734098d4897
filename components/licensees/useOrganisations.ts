import { useMemo } from 'react';
import { useSession } from 'next-auth/react';
import { entitiesOf } from '@/lib/acl/match';
import { keysQuery, useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';

export type MemberRole = 'owner' | 'admin' | 'staff' | 'designer';
const ROLES: readonly MemberRole[] = ['owner', 'admin', 'staff', 'designer'];

export interface Organisation {
  key: string;
  name: string;
  /** The caller's sub-role in it (the strongest when several). */
  role: MemberRole;
  /** Owners and admins change the organisation and its members. */
  manages: boolean;
}

/**
 * The licensee organisations the signed-in person belongs to, from the access entries of the
 * session (`calbee:<role>:licensee:<key>`), with their names from the Licensee records.
 */
export function useOrganisations() {
  const { data: session, status } = useSession();
  const { settings } = useShell();
  const access = useMemo(() => session?.user?.access ?? [], [session]);
  const keys = useMemo(() => entitiesOf(access, 'licensee', settings.aclClient).sort(), [access, settings.aclClient]);
  const { data, isLoading } = useEntityQuery<{ key: string; name: string }>('Licensee', keysQuery(keys));
  const organisations = useMemo<Organisation[]>(() => {
    const names = new Map((data?.items ?? []).map((o) => [o.key, o.name]));
    return keys.map((key) => {
      const role = ROLES.find((r) => entitiesOf(access, 'licensee', settings.aclClient, [r]).includes(key)) ?? 'staff';
      return { key, name: names.get(key) ?? key, role, manages: role === 'owner' || role === 'admin' };
    });
  }, [access, data, keys, settings.aclClient]);
  return { organisations, loading: status === 'loading' || (keys.length > 0 && isLoading) };
}
