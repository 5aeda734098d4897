// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signIn = vi.fn();
vi.mock('next-auth/react', () => ({ signIn: (...args: unknown[]) => signIn(...args) }));
const navigate = vi.fn();
vi.mock('@/lib/client/navigate', () => ({ navigate: (url: string) => navigate(url) }));

const { resetCoreAlert } = await import('@/lib/client/fetcher');
const { api, coreClient } = await import('@/lib/client/api');
const { recordSignInAttempt, resetSignInGuard } = await import('@/lib/client/sign-in-guard');

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('SPEC §8 API clients', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetSignInGuard();
    resetCoreAlert();
    navigate.mockReset();
    window.history.replaceState(null, '', '/jp/holder/ip?page=2');
    alert = vi.fn();
    window.alert = alert as unknown as typeof window.alert;
    signIn.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and the body as JSON; core calls go to the core API address', async () => {
    const fetchMock = vi.fn((_request: Request) => answer(200, { status: 0, data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.POST('/api/v1/IP/query', { token: 't0k', body: { limit: 1 } })).toEqual({ status: 0, data: { ok: true } });
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/v1/IP/query');
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer t0k');
    expect(await request.text()).toBe('{"limit":1}');
    await coreClient('https://core.example').GET('/api/core/server/status');
    expect(fetchMock.mock.calls[1]![0].method).toBe('GET');
    expect(fetchMock.mock.calls[1]![0].url).toBe('https://core.example/server/status');
  });

  it("sends the page's language (its /jp or /en prefix) for messages in answers", async () => {
    const fetchMock = vi.fn((_request: Request) => answer(200, { status: 0, data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await api.GET('/api/v1/IP');
    window.history.replaceState(null, '', '/en/designer/iplist');
    await api.GET('/api/v1/IP');
    expect(fetchMock.mock.calls.map(([request]) => request.headers.get('x-lang'))).toEqual(['jp', 'en']);
  });

  it('401 from the core API: address stored, alert shown, nothing returned', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, { status: 7, data: 'invalid session' })),
    );
    expect(await coreClient('').GET('/api/core/users/profile', { token: 'x' })).toBeNull();
    expect(alert).toHaveBeenCalledWith('Core API authentication failed.');
    expect(localStorage.getItem('redirectAfterSignIn')).toBe(encodeURIComponent('/jp/holder/ip?page=2'));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('401 from the product API: address stored and sign-in starts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, { status: 8, data: 'invalid session' })),
    );
    expect(await api.GET('/api/v1/IP')).toBeNull();
    expect(signIn).toHaveBeenCalledWith('oidc', { callbackUrl: window.location.href });
    expect(localStorage.getItem('redirectAfterSignIn')).toBe(encodeURIComponent('/jp/holder/ip?page=2'));
    expect(alert).not.toHaveBeenCalled();
  });

  it('other non-200 answers are logged and give null; validation answers keep their envelope', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(500, { status: 1, data: 'boom' })),
    );
    expect(await api.GET('/api/v1/IP')).toBeNull();
    expect(error).toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(400, { status: 5, data: { errors: { name: 'required' } } })),
    );
    expect(
      // Refused whatever it holds: the test is about the envelope coming back.
      await api.POST('/api/v1/IP', { body: {} as never }),
    ).toEqual({ status: 5, data: { errors: { name: 'required' } } });
    error.mockRestore();
  });

  it('a failed fetch gives null', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network down'))),
    );
    expect(await coreClient('').GET('/api/core/server/status')).toBeNull();
    expect(await api.GET('/api/v1/IP')).toBeNull();
    error.mockRestore();
  });

  it('does not store the address on the root path', async () => {
    window.history.replaceState(null, '', '/jp');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, {})),
    );
    await api.GET('/api/v1/IP');
    expect(localStorage.getItem('redirectAfterSignIn')).toBeNull();
  });

  it('401 from the product API again right after that sign-in: the failure page, never a second sign-in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, { status: 8, data: 'invalid session' })),
    );
    // A page makes several calls at once: one sign-in for all of them.
    await Promise.all([api.GET('/api/v1/IP'), api.GET('/api/v1/Tag'), api.GET('/api/home')]);
    expect(signIn).toHaveBeenCalledTimes(1);
    // Back from the provider (a new page), the API still refuses: the failure page instead.
    resetSignInGuard();
    await Promise.all([api.GET('/api/v1/IP'), api.GET('/api/v1/Tag')]);
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/error?error=AuthFailed&lang=jp');
    // The return address is still there for the sign-in the failure page offers.
    expect(localStorage.getItem('redirectAfterSignIn')).toBe(encodeURIComponent('/jp/holder/ip?page=2'));
  });

  it('core API 401s alert once per page and keep the stored address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, {})),
    );
    await Promise.all([coreClient('').GET('/api/core/users/profile'), coreClient('').GET('/api/core/notify/list')]);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('redirectAfterSignIn')).toBe(encodeURIComponent('/jp/holder/ip?page=2'));
  });

  it('a sign-in started by hand from the failure page counts as the attempt: a failure right after ends there again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, {})),
    );
    localStorage.setItem('redirectAfterSignIn', encodeURIComponent('/jp/holder/ip?page=2'));
    recordSignInAttempt();
    expect(JSON.parse(sessionStorage.getItem('signInAttempt')!)).toMatchObject({
      address: encodeURIComponent('/jp/holder/ip?page=2'),
    });
    await api.GET('/api/v1/IP');
    expect(signIn).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/error?error=AuthFailed&lang=jp');
  });
});
