import type { Lang } from '../session/redirect';

/** The chosen language lives in a cookie so the server can redirect before anything renders. */
export function storeLanguage(lang: Lang): void {
  document.cookie = `lang=${lang}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  window.localStorage.setItem('lang', lang);
}

export function htmlLang(lang: Lang): string {
  return lang === 'jp' ? 'ja' : 'en';
}
