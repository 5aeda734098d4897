import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Facts read at most once per API request. Creating an IP asked for the default holder four
 * times (its owner, the reference format, the flow, the actions offered with the answer); under
 * load those reads were a fifth of the create's statements. Outside a request (jobs, pages,
 * scripts) every call reads afresh, as before.
 */
const scope = new AsyncLocalStorage<Map<symbol, Promise<unknown>>>();

export function inRequestScope<T>(run: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), run);
}

/** The request's answer for `key`, read once; a read that fails is not kept. */
export function oncePerRequest<T>(key: symbol, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  let kept = memo.get(key) as Promise<T> | undefined;
  if (!kept) {
    kept = read();
    memo.set(key, kept);
    kept.catch(() => {
      if (memo.get(key) === kept) memo.delete(key);
    });
  }
  return kept;
}

/** After the request itself changed what `key` stands for: its next read goes to the database. */
export function forgetInRequest(key: symbol): void {
  scope.getStore()?.delete(key);
}

/**
 * Work that outlives the request that set it going (a job lane woken by the request's commit)
 * must not see the request's answers: they would go stale while it runs.
 */
export function outsideRequest<T>(run: () => T): T {
  return scope.exit(run);
}
