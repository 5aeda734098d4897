import type { Lang } from '../session/redirect';
import { coreClient } from './api';

/**
 * This browser's choice, in a cookie so the server can redirect before anything renders; it is
 * what counts while signed out (lib/page/stored-language.ts).
 */
export function storeLanguage(lang: Lang): void {
  document.cookie = `lang=${lang}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  window.localStorage.setItem('lang', lang);
}

/**
 * The language switch of SPEC §4: stores the language before the page changes. Signed in, that
 * is the person's one setting (users.lang, the profile's language), which pages, notifications,
 * mail and PDFs follow; the browser's cookie is set as well for pages seen signed out.
 */
export async function chooseLanguage(lang: Lang, account?: { coreApiUrl: string; token?: string }): Promise<boolean> {
  storeLanguage(lang);
  if (!account?.token) return true;
  const answer = await coreClient(account.coreApiUrl).POST('/api/core/users/profile/update', {
    token: account.token,
    body: { lang },
  });
  return answer?.status === 0;
}

export function htmlLang(lang: Lang): string {
  return lang === 'jp' ? 'ja' : 'en';
}
