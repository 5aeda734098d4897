import { useSession } from 'next-auth/react';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { accessLists } from '@/lib/acl/roles';
import { hasAccess } from '@/lib/acl/match';
import { useNames } from '@/components/kit/format/use-names';
import { useEntityQuery, type QueryBody } from '@/lib/client/entities';
import { api } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import type { Lang } from '@/lib/session/redirect';
import type { TagRecord } from './types';

/** Every tag, oldest first, in one request (500 is the largest page the query API serves). */
export const ALL_TAGS_QUERY: QueryBody = { sort: { dateCreated: 1 }, limit: 500 };

/** Every tag, oldest first, and a lookup by key. */
export function useTags() {
  const query = useEntityQuery<TagRecord>('Tag', ALL_TAGS_QUERY);
  const tags = useMemo(() => query.data?.items ?? [], [query.data]);
  const byKey = useMemo(() => new Map(tags.map((tag) => [tag.key, tag])), [tags]);
  return { ...query, tags, byKey };
}

/** A tag's name in the page language, falling back to the other one. */
export function tagName(tag: Pick<TagRecord, 'name_jp' | 'name_en'>, lang: Lang): string {
  return (lang === 'jp' ? tag.name_jp || tag.name_en : tag.name_en || tag.name_jp) ?? '';
}

/** Designers' display names (creator_name) for the keys shown on a page. */
export function useDesignerNames(keys: readonly string[]) {
  return useNames('Designer', keys, 'creator_name');
}

/** Revalidates every cached query of one entity (after a write elsewhere on the page). */
export function useRefreshEntity() {
  const { mutate } = useSWRConfig();
  return (entity: string) =>
    mutate((key) => Array.isArray(key) && (key[0] === 'query' || key[0] === 'record') && key[1] === entity);
}

export interface TagChangeAnswer {
  ok: boolean;
  message: string | null;
}

/** Adds or removes a tag on an IP (POST /api/tag/assign|revoke/{tagKey}). */
export async function changeIpTag(
  change: 'assign' | 'revoke',
  tagKey: string,
  ipKey: string,
  token?: string,
): Promise<TagChangeAnswer> {
  // Only the refusal is read: its data is the error detail whatever the spec says of a success.
  const answer: Envelope<unknown> | null = await api.POST(`/api/tag/${change}/{id}`, {
    params: { path: { id: tagKey } },
    token,
    body: { entity: 'IP', key: ipKey },
  });
  if (!answer) return { ok: false, message: null };
  if (answer.status === 0) return { ok: true, message: null };
  const detail = answer.data as { errors?: Record<string, string> } | string;
  const message = typeof detail === 'string' ? detail : (Object.values(detail?.errors ?? {})[0] ?? null);
  return { ok: false, message };
}

/** The signed-in session's bearer token (undefined until the session is ready). */
export function useToken(): string | undefined {
  const { data: session } = useSession();
  return session?.accessToken;
}

/** Whether the signed-in user holds the product role or is an admin: publishing and retiring primary IP. */
export function useMayManagePrimary(): boolean {
  const { data: session } = useSession();
  const { settings } = useShell();
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  return hasAccess(lists.holderProductOnly, session?.user.access ?? []);
}
