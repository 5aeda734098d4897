import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { productApi } from '@/lib/client/fetcher';
import type { DesignerDocument } from './types';

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
    const answer = await productApi<LiquidApplication | null>('/liquid/query/mine', { token });
    if (answer?.status !== 0) throw new Error('application query failed');
    return answer.data;
  });
}

/** Every application (staff), newest first; `state` keeps one state. */
export function useApplications(state: LiquidState | '') {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(token ? ['liquid-all', state, token] : null, async () => {
    const answer = await productApi<LiquidApplication[]>(`/liquid/query/all${state ? `?state=${state}` : ''}`, { token });
    if (answer?.status !== 0) throw new Error('applications query failed');
    return answer.data;
  });
}

export async function applyForDesigner(body: Record<string, unknown>, token?: string) {
  return answerOf<LiquidApplication>(await productApi('/liquid/apply', { body, token }));
}

export async function moveApplication(
  key: string,
  state: 'reviewing' | 'approved' | 'rejected',
  comment: string,
  token?: string,
) {
  const body = comment.trim() ? { state, comment: comment.trim() } : { state };
  return answerOf<LiquidApplication>(await productApi(`/liquid/state/${encodeURIComponent(key)}`, { body, token }));
}

export async function issueApplication(key: string, token?: string) {
  return answerOf<LiquidApplication>(await productApi(`/liquid/issue/${encodeURIComponent(key)}`, { body: {}, token }));
}
