import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { paths } from '@/lib/client/api-schema';
import type { Envelope } from '@/lib/client/fetcher';

export type InviteKind = 'licensee-owner' | 'licensee-staff' | 'licensee-designer';
export type InviteState = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An invitation as GET /api/invite/list answers it (lib/server/invite/view.ts). */
export interface Invitation {
  key: string;
  reference: string;
  kind: InviteKind;
  email: string;
  entity: string | null;
  organisation: string;
  role: string;
  lang: 'jp' | 'en';
  state: InviteState;
  invitedBy: string;
  inviter: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  dateCreated: string;
}

export interface InvitationPeek {
  reference: string;
  kind: InviteKind;
  organisation: string;
  role: 'owner' | 'staff' | 'designer';
  inviter: string;
  inviterOrganisation: string;
  email: string;
  state: InviteState;
  expiresAt: string;
  emailMatches: boolean;
  entity: string | null;
}

export interface Problem {
  fields: Record<string, string>;
  message: string | null;
}

/** Per-field messages of a status 5 answer, or one message (the server's, else the fallback). */
export function problemOf(answer: Envelope<unknown> | null, fallback: string): Problem {
  const data = answer?.data as { errors?: Record<string, string>; message?: string } | string | undefined;
  if (data && typeof data === 'object' && data.errors) return { fields: data.errors, message: data.message ?? null };
  return { fields: {}, message: typeof data === 'string' ? data : (data?.message ?? fallback) };
}

function useToken(): string | undefined {
  const { data: session } = useSession();
  return session?.accessToken;
}

/** GET /api/invite/list with filters; null filter: not yet. */
export function useInvitations(filter: { entity?: string; kind?: InviteKind; state?: InviteState } | null) {
  const token = useToken();
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter ?? {})) if (value) params.set(name, value);
  const path = `/invite/list${params.size ? `?${params}` : ''}`;
  return useSWR(filter && token ? ['invitations', path, token] : null, async () => {
    const { entity, kind, state } = filter ?? {};
    const answer = await api.GET('/api/invite/list', {
      params: { query: { entity: entity || undefined, kind: kind || undefined, state: state || undefined } },
      token,
    });
    // The spec leaves every field of an invitation optional; the server sends them all.
    return answer?.status === 0 ? (answer.data as Invitation[]) : null;
  });
}

/** GET /api/invite: the signed-in person's pending invitations. */
export function useMyInvitations() {
  const token = useToken();
  return useSWR(token ? ['my-invitations', token] : null, async () => {
    const answer = await api.GET('/api/invite', { token });
    // The spec leaves every field of an invitation optional; the server sends them all.
    return answer?.status === 0 ? (answer.data as Invitation[]) : null;
  });
}

/**
 * GET /api/invite/preview?token=: what a link is about, before sign-in too (with the session's
 * token once signed in, so it says whether the address matches); `false` when it names no invitation.
 */
export function useInvitationPeek(inviteToken: string | null) {
  const { data: session, status } = useSession();
  const token = session?.accessToken;
  return useSWR(inviteToken && status !== 'loading' ? ['invitation-peek', inviteToken, token ?? ''] : null, async () => {
    const answer = await api.GET('/api/invite/preview', { params: { query: { token: inviteToken! } }, token });
    return answer?.status === 0 ? answer.data : false;
  });
}

/** What POST /api/invite/{kind} takes, as the spec describes it. */
export type InviteBody = NonNullable<paths['/api/invite/{x}']['post']['requestBody']>['content']['application/json'];

/** The spec leaves every field of an invitation optional; the server sends them all. */
type InvitationAnswer = Envelope<Invitation> | null;

export async function sendInvitation(token: string | undefined, kind: InviteKind, body: InviteBody): Promise<InvitationAnswer> {
  return (await api.POST('/api/invite/{x}', { params: { path: { x: kind } }, token, body })) as InvitationAnswer;
}

export async function resendInvitation(token: string | undefined, key: string): Promise<InvitationAnswer> {
  return (await api.PATCH('/api/invite/{x}', { params: { path: { x: key } }, token, body: {} })) as InvitationAnswer;
}

export async function revokeInvitation(token: string | undefined, key: string): Promise<InvitationAnswer> {
  return (await api.DELETE('/api/invite/{x}', { params: { path: { x: key } }, token })) as InvitationAnswer;
}

export async function acceptInvitation(token: string | undefined, inviteToken: string): Promise<InvitationAnswer> {
  return (await api.POST('/api/invite/accept', { token, body: { token: inviteToken } })) as InvitationAnswer;
}

/** The languages an invitation e-mail can be written in, as select options. */
export function languageOptions(t: (key: string) => string) {
  return [
    { value: 'jp', label: t('langName.jp') },
    { value: 'en', label: t('langName.en') },
  ];
}
