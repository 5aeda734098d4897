import useSWR from 'swr';
import { api, type AnswerData } from './api';
import type { Envelope } from './fetcher';
import type { TermsKind } from '../terms/kinds';

/** Every version of one kind (oldest first, withdrawn ones carry metadata.withdrawn), the one in force and, for holder staff, acceptances per version. */
export type TermsDocument = AnswerData<'/api/terms/{type}', 'get'>;

export type LatestTerms = AnswerData<'/api/terms', 'get'>;

export interface TermsInput {
  version: string;
  content: string;
  format: 'html' | 'text';
  document?: string;
}

/** Every version of one kind (public: the terms pages need no sign-in; staff send their token for the counts). */
export function useTermsDocument(kind: TermsKind, token?: string) {
  return useSWR(['terms', kind, token ?? ''], async () => {
    const answer = await api.GET('/api/terms/{type}', { params: { path: { type: kind } }, token });
    return answer?.status === 0 ? answer.data : null;
  });
}

/** The latest version of every kind, for the terms wall; null when the call failed (no wall, silently). */
export function useLatestTerms(enabled: boolean) {
  return useSWR(
    enabled ? ['terms', 'latest'] : null,
    async () => {
      const answer = await api.GET('/api/terms');
      return answer?.status === 0 ? answer.data : null;
    },
    { revalidateOnFocus: false },
  );
}

export function publishTermsVersion(kind: TermsKind, termsData: TermsInput, token?: string) {
  return api.PUT('/api/terms/{type}', { params: { path: { type: kind } }, body: { termsData }, token }).then((answer) => answer);
}

/** Withdraws the version in force (DELETE: versions are never removed, SPEC evidence rule). */
export function withdrawTermsVersion(kind: TermsKind, token?: string, version?: string): Promise<Envelope<TermsDocument> | null> {
  return api.DELETE('/api/terms/{type}', { params: { path: { type: kind }, query: { version: version || undefined } }, token });
}

export type TermsAnswer = Envelope<TermsDocument | { errors?: Record<string, string> } | string> | null;
