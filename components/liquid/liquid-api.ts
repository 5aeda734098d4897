import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { paths } from '@/lib/client/api-schema';
import type { DesignerDocument } from '../designers/types';

export type LiquidState = 'applied' | 'reviewing' | 'approved' | 'issued' | 'rejected';
export const LIQUID_STATES: readonly LiquidState[] = ['applied', 'reviewing', 'approved', 'issued', 'rejected'];

export interface LiquidApplication {
  key: string;
  applicant: string;
  applicant_email: string | null;
  applicant_name: string | null;
  role: 'personal' | 'corporate';
  profile: Record<string, unknown>;
  documents: DesignerDocument[];
  state: LiquidState;
  comment: string | null;
  designer: string | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface LiquidAnswer<T> {
  status: number;
  data: T | null;
  errors: Record<string, string>;
  message: string | null;
}

function answerOf<T>(envelope: { status: number; data: unknown } | null): LiquidAnswer<T> {
  if (!envelope) return { status: 1, data: null, errors: {}, message: null };
  if (envelope.status === 0) return { status: 0, data: envelope.data as T, errors: {}, message: null };
  const detail = envelope.data as { errors?: Record<string, string> } | string | null;
  const errors = detail && typeof detail === 'object' && detail.errors ? detail.errors : {};
  return { status: envelope.status, data: null, errors, message: typeof detail === 'string' ? detail : null };
}

/** The caller's latest application (GET /api/liquid/query/mine), null when there is none. */
export function useMyApplication() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(token ? ['liquid-mine', token] : null, async () => {
    const answer = await api.GET('/api/liquid/query/{id}', { params: { path: { id: 'mine' } }, token });
    if (answer?.status !== 0) throw new Error('application query failed');
    // One spec path answers 'mine' (one application or null) and 'all' (a list); 'mine' is the first.
    return answer.data as LiquidApplication | null;
  });
}

/** Every application (staff), newest first; `state` keeps one state. */
export function useApplications(state: LiquidState | '') {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(token ? ['liquid-all', state, token] : null, async () => {
    const answer = await api.GET('/api/liquid/query/{id}', {
      params: { path: { id: 'all' }, query: { state: state || undefined } },
      token,
    });
    if (answer?.status !== 0) throw new Error('applications query failed');
    // The spec answers one application, a list or null by id; `all` is always the list.
    return answer.data as LiquidApplication[];
  });
}

/** What POST /api/liquid/apply takes, as the spec describes it. */
export type LiquidApplyBody = NonNullable<paths['/api/liquid/apply']['post']['requestBody']>['content']['application/json'];

export async function applyForDesigner(body: LiquidApplyBody, token?: string) {
  return answerOf<LiquidApplication>(await api.POST('/api/liquid/apply', { body, token }));
}

export async function moveApplication(
  key: string,
  state: 'reviewing' | 'approved' | 'rejected',
  comment: string,
  token?: string,
) {
  const body = comment.trim() ? { state, comment: comment.trim() } : { state };
  return answerOf<LiquidApplication>(await api.POST('/api/liquid/state/{id}', { params: { path: { id: key } }, body, token }));
}

export async function issueApplication(key: string, token?: string) {
  return answerOf<LiquidApplication>(
    await api.POST('/api/liquid/issue/{id}', { params: { path: { id: key } }, body: {}, token }),
  );
}
