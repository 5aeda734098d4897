import type { PublicSettings } from './settings';

export interface AnalyticsTag {
  src: string;
  /** Plausible reads the site id from `data-domain`. */
  'data-domain': string;
}

/** The web analytics script to load on every page: only when ANALYTICS_ID is set. */
export function analyticsTag(settings: Pick<PublicSettings, 'analyticsId' | 'analyticsSrc'> | undefined): AnalyticsTag | null {
  if (!settings?.analyticsId) return null;
  return { src: settings.analyticsSrc, 'data-domain': settings.analyticsId };
}
