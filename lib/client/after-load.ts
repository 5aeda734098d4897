import { useSyncExternalStore } from 'react';

// Once the first page has loaded and the browser had an idle moment, for the rest of the visit.
let loaded = false;
let waiting: Set<() => void> | null = null;

function whenLoaded(done: () => void): () => void {
  if (!waiting) {
    waiting = new Set();
    const release = () => {
      loaded = true;
      for (const wake of waiting ?? []) wake();
      waiting = null;
    };
    // An idle moment after the load, or a second at most when the browser is never idle.
    const idle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(release, { timeout: 1000 })
        : window.setTimeout(release, 50);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }
  waiting.add(done);
  return () => waiting?.delete(done);
}

/**
 * False until the first page has loaded and the browser is idle, then true for the rest of the
 * visit. The shell's own reads (the bell's count, the connection dot, the terms in force) wait for
 * it, so starting them is not part of the work of showing the page: on a slow phone that work is
 * one long task, and every request a component starts while mounting adds to it. The server
 * renders with false, and so does the browser's first render, so hydration agrees.
 */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
}

function subscribe(changed: () => void): () => void {
  return loaded ? () => undefined : whenLoaded(changed);
}
