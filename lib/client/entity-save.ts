import { api, type EntityName } from './api';
import type { Envelope } from './fetcher';

export interface Saved<T> {
  /** 0 saved; the envelope's status otherwise (5: per-field messages in `errors`); 4 when nothing answered. */
  status: number;
  errors: Record<string, string>;
  data: T | null;
}

function read<T>(answer: Envelope<unknown> | null): Saved<T> {
  if (!answer) return { status: 4, errors: {}, data: null };
  if (answer.status === 0) return { status: 0, errors: {}, data: answer.data as T };
  const detail = answer.data as { errors?: Record<string, string> } | string | null;
  return {
    status: answer.status,
    errors: detail && typeof detail === 'object' && detail.errors ? detail.errors : {},
    data: null,
  };
}

/**
 * Sends a record the form kit has already checked with the entity's own schema: POST to create,
 * PATCH (with its version) to change. The server checks again; its messages come back per field.
 */
export async function saveEntity<T>(
  entity: string,
  body: Record<string, unknown>,
  options: { key?: string; token?: string } = {},
): Promise<Saved<T>> {
  try {
    // The form kit checked the body against the entity's schema from /openapi.json, and names the
    // entity at run time: the spec's types cannot follow it here.
    const name = entity as EntityName;
    const answer = options.key
      ? await api.PATCH(`/api/v1/${name}/{id}`, {
          params: { path: { id: options.key } },
          body: body as never,
          token: options.token,
        })
      : await api.POST(`/api/v1/${name}`, { body: body as never, token: options.token });
    return read<T>(answer);
  } catch {
    return { status: 4, errors: {}, data: null };
  }
}
