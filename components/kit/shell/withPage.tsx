import type { ComponentType } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { accessLists } from '@/lib/acl/roles';
import { breadcrumbOf, screenOf } from '@/lib/screens';
import type { PageProps } from '@/lib/page/types';
import { usePageView } from '@/lib/client/page-view';
import { SettingsProvider } from '@/lib/client/settings-context';
import { AppShell } from './AppShell';
import { SessionGate } from './SessionGate';

export interface ScreenViewProps {
  /** Translated title of the screen. */
  title: string;
}

/**
 * Wraps a view with session handling, the screen's access list, the layout (title and
 * breadcrumb from the screen table) and the shell settings (SPEC §2, last Layout item), and counts
 * the view (SPEC §9 analytics on every page).
 */
export function withPage<P extends object = object>(path: string, View: ComponentType<P & ScreenViewProps>) {
  const screen = screenOf(path);
  function Page(props: P & PageProps) {
    const { t } = useTranslation('menu');
    const { settings, lang } = props;
    const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
    const acl = screen.acl === 'public' ? null : lists[screen.acl];
    const title = t(screen.title);
    const trail = breadcrumbOf(path).map((s) => ({ title: t(s.title), path: s.path === path ? undefined : s.path }));
    usePageView(path, lang, settings.analyticsFirstParty);
    return (
      <SettingsProvider settings={settings} lang={lang}>
        <AppShell title={title} trail={trail}>
          <SessionGate acl={acl}>
            <View {...props} title={title} />
          </SessionGate>
        </AppShell>
      </SettingsProvider>
    );
  }
  Page.displayName = `Page(${path})`;
  return Page;
}
