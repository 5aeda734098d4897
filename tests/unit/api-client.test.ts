// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signIn = vi.fn();
vi.mock('next-auth/react', () => ({ signIn: (...args: unknown[]) => signIn(...args) }));
vi.mock('@/lib/client/navigate', () => ({ navigate: vi.fn() }));

const { api, coreClient } = await import('@/lib/client/api');
const { resetCoreAlert } = await import('@/lib/client/fetcher');
const { resetSignInGuard } = await import('@/lib/client/sign-in-guard');

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

/** Stubs fetch with one answer for every call and gives the requests sent. */
function stubFetch(status: number, body: unknown) {
  const mock = vi.fn((_request: Request) => answer(status, body));
  vi.stubGlobal('fetch', mock);
  return () => mock.mock.calls.map(([request]) => request);
}

describe('typed API client (lib/client/api.ts)', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetSignInGuard();
    resetCoreAlert();
    window.history.replaceState(null, '', '/jp/licensee/sales?page=2');
    alert = vi.fn();
    window.alert = alert as unknown as typeof window.alert;
    signIn.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the page's language, the bearer token, same-origin credentials and serialises the query", async () => {
    const requests = stubFetch(200, { status: 0, data: { total: 1 } });
    const got = await api.GET('/api/sales/totals', {
      params: { query: { license: 'LIC 1/2', licensee: undefined } },
      token: 't0k',
    });
    expect(got).toEqual({ status: 0, data: { total: 1 } });
    const [request] = requests();
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe(`${window.location.origin}/api/sales/totals?license=LIC%201%2F2`);
    expect(request!.headers.get('authorization')).toBe('Bearer t0k');
    expect(request!.headers.get('x-lang')).toBe('jp');
    expect(request!.headers.get('accept')).toBe('application/json');
    expect(request!.credentials).toBe('same-origin');
    window.history.replaceState(null, '', '/en/licensee/sales');
    await api.GET('/api/sales/totals');
    expect(requests()[1]!.headers.get('x-lang')).toBe('en');
    expect(requests()[1]!.headers.get('authorization')).toBeNull();
  });

  it('fills path parameters (encoded) and sends the body as JSON', async () => {
    const requests = stubFetch(200, { status: 0, data: { key: 'a' } });
    await api.PATCH('/api/v1/Tag/{id}', { params: { path: { id: 'a b/c' } }, body: { name_en: 'New', version: 2 }, token: 't' });
    const [request] = requests();
    expect(request!.method).toBe('PATCH');
    expect(request!.url).toBe(`${window.location.origin}/api/v1/Tag/a%20b%2Fc`);
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(await request!.json()).toEqual({ name_en: 'New', version: 2 });
  });

  it('core calls go to settings.coreApiUrl with the path under /api/core', async () => {
    const requests = stubFetch(200, { status: 0, data: { key: 'k', unread: 0 } });
    await coreClient('https://core.example/v2').POST('/api/core/notify/drop', { body: { key: 'k' }, token: 't' });
    await coreClient('/api/core').GET('/api/core/server/status');
    expect(requests().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST https://core.example/v2/notify/drop',
      `GET ${window.location.origin}/api/core/server/status`,
    ]);
  });

  it('401 from the product API: address stored, sign-in starts, null', async () => {
    stubFetch(401, { status: 8, data: 'invalid session' });
    expect(await api.GET('/api/terms')).toBeNull();
    expect(signIn).toHaveBeenCalledWith('oidc', { callbackUrl: window.location.href });
    expect(localStorage.getItem('redirectAfterSignIn')).toBe(encodeURIComponent('/jp/licensee/sales?page=2'));
    expect(alert).not.toHaveBeenCalled();
  });

  it('401 from the core API: one alert for several calls, no sign-in, null', async () => {
    stubFetch(401, { status: 7, data: 'invalid token' });
    const core = coreClient('');
    const answers = await Promise.all([core.GET('/api/core/users/profile'), core.GET('/api/core/server/status')]);
    expect(answers).toEqual([null, null]);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Core API authentication failed.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('400 and 409 hand their envelope back; 5xx and network failures give null and are logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const invalid = { status: 5, data: { errors: { name: 'Enter a name.' } } };
    stubFetch(400, invalid);
    expect(await api.POST('/api/v1/Tag', { body: { name_jp: '', name_en: '', color: '#123456' } })).toEqual(invalid);
    stubFetch(409, { status: 5, data: { errors: { version: 'changed' } } });
    expect(await api.PATCH('/api/v1/Tag/{id}', { params: { path: { id: 'k' } }, body: { version: 1 } })).toEqual({
      status: 5,
      data: { errors: { version: 'changed' } },
    });
    expect(error).not.toHaveBeenCalled();
    stubFetch(503, { status: 10, data: { message: 'database unavailable' } });
    expect(await api.GET('/api/terms')).toBeNull();
    expect(error).toHaveBeenLastCalledWith('[product] GET /api/terms answered 503');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network down'))),
    );
    expect(await coreClient('').GET('/api/core/server/status')).toBeNull();
    expect(error).toHaveBeenLastCalledWith('[core] GET /api/core/server/status failed:', expect.any(TypeError));
    error.mockRestore();
  });

  it('answers typed from the spec, and tsc refuses calls the spec does not allow', async () => {
    stubFetch(200, { status: 0, data: { label: 'demo', version: '1' } });
    const status = await coreClient('').GET('/api/core/server/status');
    // Typed: a string property of the documented answer.
    const label: string | undefined = status?.data.label;
    expect(label).toBe('demo');
    // The checks below are made by tsc (npx tsc --noEmit); at run time they are ordinary calls.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // @ts-expect-error a path the spec does not have
    await api.GET('/api/no-such-route');
    // @ts-expect-error a core client reaches core paths only
    await coreClient('').GET('/api/sales/totals');
    // @ts-expect-error a body field the operation does not take
    await coreClient('').POST('/api/core/notify/drop', { body: { kee: 'k' } });
    // @ts-expect-error a required path parameter left out
    await api.GET('/api/v1/Tag/{id}', {});
    // @ts-expect-error a query parameter the operation does not take
    await api.GET('/api/sales/totals', { params: { query: { licence: 'x' } } });
    error.mockRestore();
  });
});
