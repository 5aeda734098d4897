import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, coreClient, type AnswerData } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';

export type OwnProfile = AnswerData<'/api/core/users/profile', 'get'>;

export function useProfileCaller() {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return {
    token,
    sub: session?.user.sub,
    core: coreClient(settings.coreApiUrl),
  };
}

/** The signed-in user's profile (GET /users/profile) and bio (POST /users/getbio). */
export function useOwnProfile() {
  const { token, sub, core } = useProfileCaller();
  return useSWR(token && sub ? ['own-profile', sub, token] : null, async () => {
    const [profile, bio] = await Promise.all([
      core.GET('/api/core/users/profile', { token }),
      core.POST('/api/core/users/getbio', { token, body: { sub: sub! } }),
    ]);
    if (profile?.status !== 0) return null;
    return { ...profile.data, bio: bio?.status === 0 ? (bio.data.bio ?? '') : '' };
  });
}

/** Facts the badges need beyond the access entries: approver groups and the designer record's role. */
export function useBadgeFacts() {
  const { token, sub, core } = useProfileCaller();
  return useSWR(token && sub ? ['badge-facts', sub, token] : null, async () => {
    const [roles, designer] = await Promise.all([
      core.GET('/api/core/roles/profile', { token }),
      api.POST('/api/v1/Designer/query', {
        token,
        body: { filter: { owner: sub }, sort: { dateCreated: 1 }, limit: 1 },
      }),
    ]);
    return {
      approver: roles?.status === 0 ? roles.data.approverGroups.length > 0 : false,
      designerRole: designer?.status === 0 ? (designer.data.items?.[0]?.role ?? null) : null,
    };
  });
}
