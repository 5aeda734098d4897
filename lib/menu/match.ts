import type { MenuEntry } from './types';

/** Strips the language prefix, query and trailing slash: `/jp/holder/ip?x=1` → `/holder/ip`. */
export function pathWithoutLang(path: string): string {
  const clean = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  const stripped = clean.replace(/^\/(jp|en)(?=\/|$)/, '');
  return stripped === '' ? '/' : stripped;
}

/** Matches a path against a pattern where `*` is one segment and a trailing `**` is any rest. */
export function pathMatches(pattern: string, path: string): boolean {
  const p = pathWithoutLang(pattern).split('/').filter(Boolean);
  const s = pathWithoutLang(path).split('/').filter(Boolean);
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '**') return true;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/** An entry is active when its path, its alternate path or any child pattern matches the page. */
export function isEntryActive(entry: MenuEntry, currentPath: string): boolean {
  const candidates = [entry.path, entry.alt, ...(entry.children ?? [])].filter((p): p is string => Boolean(p));
  return candidates.some((pattern) => pathMatches(pattern, currentPath));
}
