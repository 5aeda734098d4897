/**
 * The typed API client (issue #25): paths, parameters, bodies and answers come from
 * lib/client/api-schema.d.ts, which `npm run openapi:types` generates from /openapi.json, so a call
 * that no longer matches the spec fails tsc. Answers are handled as fetcher.ts handles them (the
 * same `settle`): an envelope, or null when the call failed.
 *
 *   const answer = await api.GET('/api/sales/totals', { params: { query: { license } }, token });
 *   const core = coreClient(settings.coreApiUrl);
 *   await core.POST('/api/core/notify/drop', { body: { key }, token });
 */
import createClient, { type MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './api-schema';
import { requestHeaders, settle, type Api, type Envelope } from './fetcher';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The spec's paths that answer a method (an absent method is `?: never` in the generated types). */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

/** The paths of the core API (SPEC §8): reached under settings.coreApiUrl, not under /api/core. */
export type CorePath<M extends Method> = Extract<PathsWith<M>, `/api/core/${string}`>;

declare const untyped: unique symbol;
/**
 * The `data` of an operation whose answer /openapi.json does not describe yet: nothing can be read
 * from it until the caller names its type with assumeData (listed in notes/untyped-ops.txt).
 */
export interface Untyped {
  readonly [untyped]: 'no output schema in /openapi.json yet';
}

/** `data` of the operation's status-0 answer, as the spec describes it (Untyped where it says nothing yet). */
export type AnswerData<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? unknown extends D
    ? Untyped
    : D
  : never;

/** The entity names of the generic routes /api/v1/<Entity>, as the spec lists them. */
export type EntityName = keyof paths extends infer K ? (K extends `/api/v1/${infer E}/query` ? E : never) : never;

/**
 * The caller's type for the answer of an operation the spec leaves untyped. Accepts only such
 * answers: once the operation gets its output schema this call stops compiling, and goes.
 */
export function assumeData<T>(answer: Envelope<Untyped> | null): Envelope<T> | null {
  return answer as unknown as Envelope<T> | null;
}

/** The per-field messages of a refused answer (status 5/15 with data.errors), else none. */
export function errorsOf(answer: Envelope<unknown> | null): Record<string, string> {
  const detail = answer && answer.status !== 0 ? (answer.data as { errors?: unknown } | string | null) : null;
  return detail && typeof detail === 'object' && detail.errors && typeof detail.errors === 'object'
    ? (detail.errors as Record<string, string>)
    : {};
}

/** openapi-fetch's own options, less those this client decides, plus the caller's bearer token. */
type Init<I> = Omit<NonNullable<I>, 'baseUrl' | 'fetch' | 'parseAs' | 'headers' | 'middleware'> & { token?: string };
/** The options argument is required exactly when the operation has required parameters or a body. */
type Args<I> = undefined extends I ? [init?: Init<I>] : [init: Init<I>];

type Call<M extends Method, Allowed extends PathsWith<M>> = <P extends Allowed, I extends MaybeOptionalInit<paths[P], M>>(
  path: P,
  ...init: Args<I>
) => Promise<Envelope<AnswerData<P, M>> | null>;

export interface TypedClient<Allowed extends { [M in Method]: PathsWith<M> }> {
  GET: Call<'get', Allowed['get']>;
  POST: Call<'post', Allowed['post']>;
  PUT: Call<'put', Allowed['put']>;
  PATCH: Call<'patch', Allowed['patch']>;
  DELETE: Call<'delete', Allowed['delete']>;
}

const raw = createClient<paths>({ credentials: 'same-origin' });

/**
 * An absolute base: openapi-fetch builds a Request, which needs one outside a browser (tests); in
 * the browser the origin of the page gives the same address as a relative one.
 */
function absolute(base: string): string {
  if (typeof window === 'undefined') return base;
  return new URL(base || '/', window.location.href).href.replace(/\/$/, '');
}

function caller(api: Api, base: () => string, strip: string) {
  return (method: Method) =>
    (path: string, init: ({ token?: string } & Record<string, unknown>) | undefined = {}) => {
      const { token, ...options } = init;
      const label = `${method.toUpperCase()} ${path}`;
      return settle(api, label, async () => {
        let answer: Response | undefined;
        // The paths are typed at the call site; here one untyped call serves them all.
        await raw.request(
          method as never,
          path.slice(strip.length) as never,
          {
            ...options,
            baseUrl: absolute(base()),
            headers: requestHeaders(token),
            // settle reads the answer itself: openapi-fetch gets a copy and leaves success bodies unread.
            parseAs: 'stream',
            fetch: async (request: Request) => {
              answer = await fetch(request);
              return answer.clone();
            },
          } as never,
        );
        return answer!;
      });
    };
}

function client<C extends TypedClient<{ [M in Method]: PathsWith<M> }>>(api: Api, base: () => string, strip: string): C {
  const make = caller(api, base, strip);
  return { GET: make('get'), POST: make('post'), PUT: make('put'), PATCH: make('patch'), DELETE: make('delete') } as C;
}

type AllPaths = { [M in Method]: PathsWith<M> };
type CorePaths = { [M in Method]: CorePath<M> };

/** The product API on this host: every path of the spec; a 401 sends the person to sign in. */
export const api: TypedClient<AllPaths> = client('product', () => '', '');

/** The core API at settings.coreApiUrl (paths as the spec names them, /api/core/…); a 401 raises one alert per page. */
export function coreClient(coreApiUrl: string): TypedClient<CorePaths> {
  return client('core', () => coreApiUrl, '/api/core');
}
