import { addressToStore, REDIRECT_STORAGE_KEY } from '../session/redirect';

/** Remembers where the user was (encoded), unless on the root path (SPEC §4). */
export function storeCurrentAddress(): void {
  if (typeof window === 'undefined') return;
  const address = window.location.pathname + window.location.search + window.location.hash;
  const stored = addressToStore(address);
  if (stored) window.localStorage.setItem(REDIRECT_STORAGE_KEY, stored);
}

export function readStoredAddress(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(REDIRECT_STORAGE_KEY);
}

export function clearStoredAddress(): void {
  if (typeof window !== 'undefined') window.localStorage.removeItem(REDIRECT_STORAGE_KEY);
}
