import { expect, type Browser, type Page } from '@playwright/test';
import { signInAt, type Persona } from './fixtures';

export type Envelope<T> = { status: number; data: T };
export type Rec = Record<string, unknown>;

/** One person in a browser context of their own, signed in on the given page. */
export async function personaAt(browser: Browser, persona: Persona, path: string): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInAt(page, persona, path);
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
