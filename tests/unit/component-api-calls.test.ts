// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next-auth/react', () => ({ signIn: vi.fn(), useSession: () => ({ data: null, status: 'unauthenticated' }) }));
vi.mock('@/lib/client/navigate', () => ({ navigate: vi.fn() }));

const { changeSchema, fetchWalletCredential, verifyJwt } = await import('@/components/credentials/credentials-api');
const { applyForDesigner, issueApplication, moveApplication } = await import('@/components/liquid/liquid-api');
const { changeIpTag } = await import('@/components/ip/data');
const { acceptInvitation, resendInvitation, revokeInvitation, sendInvitation } = await import('@/components/invite/invite-api');
const { invoiceDetails, previewInvoice } = await import('@/components/invoices/invoice-api');

interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/** Stubs fetch with a success for every call and gives what each request sent. */
function stubFetch(data: unknown = {}) {
  const sent: Promise<Sent>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      sent.push(
        request.text().then((text) => ({
          method: request.method,
          url: request.url.replace(window.location.origin, ''),
          authorization: request.headers.get('authorization'),
          body: text ? (JSON.parse(text) as unknown) : undefined,
        })),
      );
      return Promise.resolve(new Response(JSON.stringify({ status: 0, data }), { status: 200 }));
    }),
  );
  return () => Promise.all(sent);
}

// The calls these components made through productApi/coreApi, now through the typed client: same
// method, address, body and token as before (productApi posted whenever a body was given).
describe('component calls on the typed client', () => {
  beforeEach(() => window.history.replaceState(null, '', '/jp/holder'));
  afterEach(() => vi.unstubAllGlobals());

  it('credentials: the wallet on the core API, the JWT check and schema changes', async () => {
    const sent = stubFetch({ valid: true });
    await fetchWalletCredential('https://core.example/api', 'c 1', 't');
    await verifyJwt('a.b.c');
    await changeSchema('https://core.example/api', 's1', 'unpublish', 't');
    await changeSchema('https://core.example/api', 's1', 'enable', 't');
    expect(await sent()).toEqual([
      { method: 'GET', url: 'https://core.example/api/wallet/cred/get/c%201', authorization: 'Bearer t', body: undefined },
      { method: 'POST', url: '/api/vc/verify', authorization: null, body: { jwt: 'a.b.c' } },
      {
        method: 'POST',
        url: 'https://core.example/api/schema/publish/s1',
        authorization: 'Bearer t',
        body: { published: false },
      },
      { method: 'POST', url: 'https://core.example/api/schema/enable/s1', authorization: 'Bearer t', body: {} },
    ]);
  });

  it('liquid applications: apply, move and issue are posts with their bodies', async () => {
    const sent = stubFetch();
    const body = {
      applicant_id: 'u1',
      role: 'personal' as const,
      profile: { email: 'a@b.jp', creator_name: 'A' },
      documents: [],
    };
    await applyForDesigner(body, 't');
    await moveApplication('k/1', 'rejected', ' no ', 't');
    await issueApplication('k1', 't');
    expect(await sent()).toEqual([
      { method: 'POST', url: '/api/liquid/apply', authorization: 'Bearer t', body },
      { method: 'POST', url: '/api/liquid/state/k%2F1', authorization: 'Bearer t', body: { state: 'rejected', comment: 'no' } },
      { method: 'POST', url: '/api/liquid/issue/k1', authorization: 'Bearer t', body: {} },
    ]);
  });

  it('tags and invitations keep their methods: post, patch with an empty body, delete without one', async () => {
    const sent = stubFetch();
    await changeIpTag('revoke', 'tag1', 'ip1', 't');
    await sendInvitation('t', 'licensee-staff', { email: 'a@b.jp', licensee: 'L1', lang: 'en' });
    await resendInvitation('t', 'i1');
    await revokeInvitation('t', 'i1');
    await acceptInvitation(undefined, 'tok');
    expect(await sent()).toEqual([
      { method: 'POST', url: '/api/tag/revoke/tag1', authorization: 'Bearer t', body: { entity: 'IP', key: 'ip1' } },
      {
        method: 'POST',
        url: '/api/invite/licensee-staff',
        authorization: 'Bearer t',
        body: { email: 'a@b.jp', licensee: 'L1', lang: 'en' },
      },
      { method: 'PATCH', url: '/api/invite/i1', authorization: 'Bearer t', body: {} },
      { method: 'DELETE', url: '/api/invite/i1', authorization: 'Bearer t', body: undefined },
      { method: 'POST', url: '/api/invite/accept', authorization: null, body: { token: 'tok' } },
    ]);
  });

  it('invoices: preview posts the period, details is a get', async () => {
    const sent = stubFetch({ invoice: {}, breakdown: {} });
    const input = { licensee: 'L1', period_start: '2026-01-01', period_end: '2026-03-31' };
    expect((await previewInvoice(input, 't')).ok).toBe(true);
    expect((await invoiceDetails('inv 1', 't')).ok).toBe(true);
    expect(await sent()).toEqual([
      { method: 'POST', url: '/api/invoice/preview', authorization: 'Bearer t', body: input },
      { method: 'GET', url: '/api/invoice/inv%201', authorization: 'Bearer t', body: undefined },
    ]);
  });
});
