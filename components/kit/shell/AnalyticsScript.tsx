import Script from 'next/script';
import { analyticsTag } from '@/lib/analytics';
import type { PublicSettings } from '@/lib/settings';

/** The analytics tag (ANALYTICS_ID / ANALYTICS_SRC); nothing at all when no id is configured. */
export function AnalyticsScript({ settings }: { settings: PublicSettings | undefined }) {
  const tag = analyticsTag(settings);
  if (!tag) return null;
  return <Script id="analytics" strategy="afterInteractive" data-testid="analytics-script" {...tag} />;
}
