import type { PublicSettings } from '../settings';

/**
 * SPEC §4 "Session": refetched on window focus, on a storage broadcast from another tab (next-auth
 * always listens to those) and on an optional poll interval in seconds; the poll is skipped while
 * offline unless the settings say otherwise.
 */
export function sessionRefetchOptions(settings: Pick<PublicSettings, 'session'> | undefined) {
  return {
    refetchOnWindowFocus: true,
    refetchInterval: settings?.session.pollSeconds ?? 0,
    // next-auth polls offline unless told `false`; undefined keeps its default (poll anyway).
    refetchWhenOffline: settings?.session.pollWhenOffline ? undefined : (false as const),
  };
}
