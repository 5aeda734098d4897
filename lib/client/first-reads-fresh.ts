import { unstable_serialize, useSWRConfig, type Middleware } from 'swr';

/**
 * The records the server read for this page (SWR's fallback) are as fresh as a fetch the browser
 * would make right after loading, so a hook whose key the server answered does not fetch it again
 * on its first mount: the page loads without a second round of the same reads and the re-render
 * they cause. Only while the browser holds nothing of its own for the key: a hook showing what an
 * earlier visit cached (older than the server's answer) still revalidates on mount. A change that
 * revalidates reads later (mutate, also by a filter) reaches these hooks as before.
 */
export const firstReadsFresh: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // Called on every render of the hook it wraps, so the config hook keeps its place.
  const { cache } = useSWRConfig();
  const id = key === null ? null : unstable_serialize(key);
  const served = id !== null && config.fallback !== undefined && id in config.fallback && cache.get(id)?.data === undefined;
  return useSWRNext(key, fetcher, served ? { ...config, revalidateOnMount: false } : config);
};
