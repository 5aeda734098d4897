import type { MenuGroup } from './types';

const PREFIX = 'menu-group:';

/** Minimal storage interface so tests can pass a map instead of `sessionStorage`. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Groups marked collapsed start closed, the others open; a choice made in this browser session wins. */
export function isGroupOpen(group: Pick<MenuGroup, 'title' | 'collapsed'>, store: KeyValueStore | null): boolean {
  const stored = store?.getItem(PREFIX + group.title);
  if (stored === 'open') return true;
  if (stored === 'closed') return false;
  return !group.collapsed;
}

export function rememberGroupOpen(group: Pick<MenuGroup, 'title'>, open: boolean, store: KeyValueStore | null): void {
  store?.setItem(PREFIX + group.title, open ? 'open' : 'closed');
}
