import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, type EntityName } from './api';
import type { Envelope } from './fetcher';
import { MAX_LIMIT } from '../query/limits';
import type { Lang } from '../validation/messages';

// The checks and their messages in both languages load with the first schema a form asks for,
// not with every page: the shell (terms wall) and lists only query (DESIGN §10).
const validation = () => import('./validation');

type JsonSchema = Record<string, unknown>;
interface OpenApi {
  components: { schemas: Record<string, JsonSchema> };
}

let openApi: Promise<OpenApi | null> | undefined;

/** /openapi.json once per page load: the API's own schemas drive the forms' checks (SPEC §5). */
export function loadOpenApi(): Promise<OpenApi | null> {
  openApi ??= fetch('/openapi.json')
    .then((res) => (res.ok ? (res.json() as Promise<OpenApi>) : null))
    .catch(() => null);
  return openApi;
}

export function useEntitySchema(entity: string, mode: 'Create' | 'Patch' = 'Create') {
  return useSWR(
    ['openapi', entity, mode],
    async () => {
      // A page that needs a schema has a form: fetch the validator alongside, before any submit.
      void validation().then((v) => v.loadValidator());
      return (await loadOpenApi())?.components.schemas[`${entity}${mode}`] ?? null;
    },
    { revalidateOnFocus: false },
  );
}

export interface SaveResult<T> {
  status: number;
  errors: Record<string, string>;
  data: T | null;
}

function fromEnvelope<T>(answer: Envelope<unknown> | null): SaveResult<T> {
  if (!answer) return { status: 1, errors: {}, data: null };
  if (answer.status === 0) return { status: 0, errors: {}, data: answer.data as T };
  const detail = answer.data as { errors?: Record<string, string> } | string;
  return { status: answer.status, errors: typeof detail === 'object' && detail?.errors ? detail.errors : {}, data: null };
}

/**
 * Creates one record or a batch: checked in the browser first (status 5 / 15 with messages
 * under each field), then sent; an exception while creating answers status 4.
 */
export async function createEntity<T>(
  entity: string,
  input: Record<string, unknown> | Record<string, unknown>[],
  schema: JsonSchema,
  lang: Lang,
  token?: string,
): Promise<SaveResult<T>> {
  const { checkBatch, checkRecord } = await validation();
  const check = Array.isArray(input) ? await checkBatch(schema, input, lang) : await checkRecord(schema, input, lang);
  if (check.status !== 0) return { status: check.status, errors: check.errors, data: null };
  try {
    // A generic form names its entity at run time and its body was checked against that entity's
    // schema from /openapi.json just above: the spec's types cannot follow it here.
    return fromEnvelope<T>(await api.POST(`/api/v1/${entity as EntityName}`, { body: check.data as never, token }));
  } catch {
    return { status: 4, errors: {}, data: null };
  }
}

export async function patchEntity<T>(
  entity: string,
  key: string,
  input: Record<string, unknown>,
  schema: JsonSchema,
  lang: Lang,
  token?: string,
): Promise<SaveResult<T>> {
  const { checkRecord } = await validation();
  const check = await checkRecord(schema, input, lang);
  if (check.status !== 0) return { status: check.status, errors: check.errors, data: null };
  // Checked against the entity's schema from /openapi.json just above (see createEntity).
  return fromEnvelope<T>(
    await api.PATCH(`/api/v1/${entity as EntityName}/{id}`, { params: { path: { id: key } }, body: check.data as never, token }),
  );
}

export interface QueryBody {
  filter?: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  limit?: number;
  cursor?: string;
}

/**
 * The records with these keys, each once, in one query (null when there are none). The keys are
 * sorted, so the same keys in any order ask the same question and share one cached answer.
 */
export function keysQuery(keys: readonly unknown[]): QueryBody | null {
  const unique = [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))].sort();
  return unique.length ? { filter: { key: { $in: unique } }, limit: Math.min(unique.length, MAX_LIMIT) } : null;
}

/** One SWR hook for entity queries; the key stays null until the session has a token. */
export function useEntityQuery<T>(entity: string, body: QueryBody | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(body && token ? ['query', entity, JSON.stringify(body), token] : null, async () => {
    const answer = await api.POST(`/api/v1/${entity as EntityName}/query`, { body: body!, token });
    // The spec types the records of each entity; the caller's T is the shape its page reads of them.
    return answer?.status === 0 ? (answer.data as { items: T[]; nextCursor: string | null }) : null;
  });
}

export function useRecord<T>(entity: string, key: string | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(key && token ? ['record', entity, key, token] : null, async () => {
    const answer = await api.GET(`/api/v1/${entity as EntityName}/{id}`, { params: { path: { id: key! } }, token });
    // The spec types the record of each entity; the caller's T is the shape its page reads of it.
    return answer?.status === 0 ? (answer.data as T) : null;
  });
}
