import { type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { REDIRECT_STORAGE_KEY } from '../../lib/session/redirect';
import { expect, signInAt, test, type Persona } from './fixtures';

export type Envelope<T> = { status: number; data: T };
export type Rec = Record<string, unknown>;

type SignedIn = { state: Awaited<ReturnType<BrowserContext['storageState']>>; at: number };

/**
 * Sessions of the personas a worker has already signed in, per server. Set-up signs the same
 * people in again and again (over a hundred times a run, seconds each on a busy machine); a
 * journey that is about signing in calls signInAt itself and never comes here.
 */
const signedIn = new Map<string, SignedIn>();
// Well inside the provider's one-hour access token, so no journey outlives the session it reuses.
const REUSE_FOR_MS = 30 * 60_000;

/** The session still answers: not signed out, not expired, its access token still accepted. */
async function stillSignedIn(page: Page): Promise<boolean> {
  const session = (await (await page.request.get('/api/auth/session')).json().catch(() => null)) as { valid?: boolean } | null;
  if (!session?.valid) return false;
  const { body } = await call(page, 'GET', '/api/core/users/profile');
  return body?.status === 0;
}

/**
 * The session without the address a sign-in was to return to: a reused session opens its page
 * directly, so nothing would use that address up, and the home page would then follow it
 * (SPEC §4 restore) instead of showing home.
 */
function withoutReturnAddress(state: SignedIn['state']): SignedIn['state'] {
  return {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter((item) => item.name !== REDIRECT_STORAGE_KEY),
    })),
  };
}

/** One person in a browser context of their own, signed in on the given page. */
export async function personaAt(browser: Browser, persona: Persona, path: string): Promise<Page> {
  const key = `${String(test.info().project.use.baseURL)}|${persona}`;
  const known = signedIn.get(key);
  if (known && Date.now() - known.at < REUSE_FOR_MS) {
    const page = await (await browser.newContext({ acceptDownloads: true, storageState: known.state })).newPage();
    if (await stillSignedIn(page)) {
      await page.goto(path);
      const here = new URL(page.url());
      if (`${here.pathname}${here.search}` === path) return page;
    }
    await page.context().close();
    signedIn.delete(key);
  }
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInAt(page, persona, path);
  signedIn.set(key, { state: withoutReturnAddress(await page.context().storageState()), at: Date.now() });
  return page;
}

/** A product API call with the page's signed-in session cookie: HTTP status and envelope. */
export async function call<T>(page: Page, method: string, url: string, data?: unknown) {
  const res = await page.request.fetch(url, {
    method,
    ...(method === 'GET' ? {} : { data: data ?? {}, headers: { 'content-type': 'application/json' } }),
  });
  return { http: res.status(), body: (await res.json().catch(() => null)) as Envelope<T> | null };
}

/** Setup through the API: fails the test on anything but status 0. */
export async function api<T = Rec>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const { body } = await call<T>(page, method, url, data);
  expect(body?.status, `${method} ${url}: ${JSON.stringify(body?.data)}`).toBe(0);
  return body!.data;
}

/** A drawn signature as the signature pad sends it (a small PNG with one stroke). */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAQCAMAAABncAyDAAAA5FBMVEX////+/v729vYJCQn9/f2JiYn19fUAAAC7u7tDQ0PLy8vJyck2NjYvLy8TExMDAwM6Ojr7+/u1tbVubm6ZmZmrq6sBAQEgICAZGRkjIyNcXFy5ublkZGRWVlYPDw+BgYEQEBDf39+fn58fHx9YWFjKysr8/Pzu7u6np6eRkZHw8PAsLCzp6ekRERHh4eEeHh69vb0LCwuTk5NMTEzb29v4+PhVVVXy8vLr6+vl5eXe3t6Xl5dmZmaDg4MKCgopKSnV1dUkJCTY2NghISHi4uIwMDAbGxvd3d01NTXExMTHx8fPz88Q2heOAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVQokdWPRQ7DQBAE19hrdpiZmZmZ/v+fyLl4lZN9S/pYqh5NE/LX4SIhP7qY0oGgZ72QiwHxcIBlk7NKKaXavlsTWd7UiukEgJIku1CuJ1sW3AjmybAVRVH0Q+cDsmXKXFmsBwCs68VR7rtePsp0IRgZSa2yazZbwG5UeIbx89vr4Tz4PLa5rzmzETAde15PyApm34dOCBku/fk/lzevAw1AcgT8GgAAAABJRU5ErkJggg==';

/** The contract of a license once its PDF is made (a job renders it right after the step that asked for it). */
export async function readyContract<T extends Rec = Rec>(
  request: APIRequestContext,
  license: string,
): Promise<T & { sha256: string }> {
  let data: (T & { sha256: string | null; preparing?: boolean }) | null = null;
  await expect
    .poll(
      async () => {
        const attr = await request.get(`/api/pdf/attr/${license}`);
        data = ((await attr.json()) as Envelope<T & { sha256: string | null; preparing?: boolean }>).data;
        return Boolean(data?.sha256) && !data?.preparing;
      },
      { timeout: 30_000, message: `the contract of ${license} was not made` },
    )
    .toBe(true);
  return data! as T & { sha256: string };
}

async function eSign(request: APIRequestContext, license: string, party: 'licensee' | 'holder'): Promise<Rec> {
  const data = await readyContract(request, license);
  const res = await request.post(`/api/pdf/sign/${license}`, {
    data: {
      party,
      sha256: data.sha256,
      typedName: party === 'licensee' ? 'Licensee Signer' : 'Holder Signer',
      signature: SIGNATURE_PNG,
      consent: true,
    },
  });
  const body = (await res.json()) as Envelope<Rec>;
  expect(body.status, `${party} signature on ${license}: ${JSON.stringify(body.data)}`).toBe(0);
  return body.data;
}

/**
 * Signs a license's sent contract as the licensee, then countersigns it as the holder, through
 * the e-signature as a person would (the plain sign/countersign steps are refused without it).
 * Answers the license's state afterwards: active.
 */
export async function signAndCountersign(
  licensee: APIRequestContext,
  holder: APIRequestContext,
  license: string,
): Promise<string> {
  await eSign(licensee, license, 'licensee');
  const countersigned = await eSign(holder, license, 'holder');
  return String(countersigned.licenseState);
}

/**
 * The signed-in designer's own record: the demo designers hold one each, issued as the designer
 * application issues it (designers never create their own).
 */
export async function ownDesignerKey(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { sub: string } };
  const own = await api<{ items: Rec[] }>(page, 'POST', '/api/v1/Designer/query', {
    filter: { owner: session.user.sub },
    limit: 1,
  });
  expect(own.items, 'the designer holds its record').toHaveLength(1);
  return String(own.items[0]!.key);
}
