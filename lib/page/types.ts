import type { Session } from 'next-auth';
import type { PublicSettings } from '../settings';
import type { Lang } from '../session/redirect';

export interface PageProps {
  settings: PublicSettings;
  lang: Lang;
  /** The session read on the server for the first render (lib/page/page-session); absent when it could not be read. */
  session?: Session | null;
  /** Answers to the screen's first reads, under SWR's keys (lib/page/prefetch). */
  fallback?: Record<string, unknown>;
}
