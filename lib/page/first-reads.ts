import type { QueryBody } from '../client/entities';
import type { Session } from 'next-auth';

// No server code here: screens import this to name their first reads, and lib/page/prefetch answers them.

/**
 * A read a screen makes on its first render, answered on the server so the first screen paints
 * with its records instead of skeletons that are then replaced: an entity query as
 * useEntityQuery sends it (lib/client/entities), or the home page's waiting sections (useHome).
 */
export type FirstRead = { kind: 'query'; entity: string; body: QueryBody } | { kind: 'home' };

/** An entity query read first, with its body as the screen's hook sends it. */
export function firstQuery(entity: string, body: QueryBody): FirstRead {
  return { kind: 'query', entity, body };
}

/** The reads of one screen for the signed-in person (their sub is in the session). */
export type FirstReads = (session: Session) => FirstRead[];
