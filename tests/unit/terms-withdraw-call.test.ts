// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('next-auth/react', () => ({ signIn: vi.fn(), useSession: () => ({ data: null, status: 'unauthenticated' }) }));
vi.mock('@/lib/client/navigate', () => ({ navigate: vi.fn() }));

const { withdrawTermsVersion } = await import('@/lib/client/terms');

// DELETE /api/terms/{type} reads ?version= (documented as a query parameter of the operation): the
// typed client sends it in the address, and leaves it out when no version is named.
describe('withdrawTermsVersion on the typed client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends DELETE with ?version= only when a version is named, without a body', async () => {
    const sent: { method: string; url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push({ method: request.method, url: request.url.replace(window.location.origin, ''), body: await request.text() });
        return new Response(JSON.stringify({ status: 0, data: { type: 'terms-common', versions: [], latest: null } }), {
          status: 200,
        });
      }),
    );
    expect((await withdrawTermsVersion('terms-common', 't', 'v 2'))?.status).toBe(0);
    await withdrawTermsVersion('terms-licensee', 't');
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/terms/terms-common?version=v%202', body: '' },
      { method: 'DELETE', url: '/api/terms/terms-licensee', body: '' },
    ]);
  });
});
