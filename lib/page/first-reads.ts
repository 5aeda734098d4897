import type { QueryBody } from '../client/entities';
import type { LatestDecisionsRead } from '../client/flow';
import type { Session } from 'next-auth';

// No server code here: screens import this to name their first reads, and lib/page/prefetch answers them.

/**
 * A read a screen makes on its first render, answered on the server so the first screen paints
 * with its records instead of skeletons that are then replaced: an entity query as
 * useEntityQuery sends it (lib/client/entities), a list's last decisions (useLatestDecisions), or
 * the home page's waiting sections (useHome).
 */
export type FirstRead =
  | { kind: 'query'; entity: string; body: QueryBody; then?: (items: Record<string, unknown>[]) => FirstRead[] }
  | { kind: 'latest'; read: LatestDecisionsRead }
  | { kind: 'home' };

/**
 * An entity query read first, with its body as the screen's hook sends it; `then` names the reads
 * its rows lead to (the names and decisions a list shows beside them), answered right after it.
 */
export function firstQuery(entity: string, body: QueryBody, then?: (items: Record<string, unknown>[]) => FirstRead[]): FirstRead {
  return { kind: 'query', entity, body, then };
}

/** The last decisions a list shows (useLatestDecisions), read first; nothing when it has no rows. */
export function firstLatestDecisions(read: LatestDecisionsRead | null): FirstRead[] {
  return read && read.keys.length ? [{ kind: 'latest', read }] : [];
}

/** The reads of one screen for the signed-in person (their sub is in the session). */
export type FirstReads = (session: Session) => FirstRead[];
