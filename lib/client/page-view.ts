import { useEffect } from 'react';
import type { Lang } from '../session/redirect';

/**
 * Reports one view of a screen to the platform's own counter (lib/server/analytics): the screen's
 * route pattern and the language, nothing else. No cookie goes with it (credentials omitted), so
 * the count cannot be tied to anyone; a failure is silent.
 */
export function reportPageView(page: string, lang: Lang): void {
  void fetch('/api/analytics/view', {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page, lang }),
  }).catch(() => undefined);
}

let last: { key: string; at: number } | null = null;

/** One view per screen shown (and per language switch), when first-party analytics is on. */
export function usePageView(page: string, lang: Lang, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // React's development double effects must not count one view twice.
    const key = `${lang}${page}`;
    if (last && last.key === key && Date.now() - last.at < 1000) return;
    last = { key, at: Date.now() };
    reportPageView(page, lang);
  }, [page, lang, enabled]);
}
