import Head from 'next/head';
import { useSession } from 'next-auth/react';
import { useState, type ReactNode } from 'react';
import { menuGroups } from '@/lib/menu/definition';
import { visibleMenu } from '@/lib/menu/visible';
import { useShell } from '@/lib/client/settings-context';
import { TermsWall } from '@/components/terms/TermsWall';
import { Breadcrumb, type Crumb } from './Breadcrumb';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { RecordCrumbProvider } from './record-crumb';

interface AppShellProps {
  title: string;
  trail: Crumb[];
  children: ReactNode;
}

/** Fixed top bar, left menu, breadcrumb, content and footer (SPEC §2 "Layout"). */
export function AppShell({ title, trail, children }: AppShellProps) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const groups = session
    ? visibleMenu(menuGroups, session.user.access, { client: settings.aclClient, product: settings.productKey })
    : [];
  const hasMenu = groups.length > 0;
  return (
    <RecordCrumbProvider>
      <Head>
        <title>{`${settings.systemTitle} | ${title}`}</title>
      </Head>
      <TopBar onMenu={() => setMobileOpen(true)} showMenuButton={hasMenu} />
      <div className={`app-body${hasMenu ? '' : ' no-menu'}${collapsed ? ' menu-collapsed' : ''}`}>
        {hasMenu && (
          <SideMenu
            groups={groups}
            collapsed={collapsed}
            onToggle={() => setCollapsed((c) => !c)}
            mobileOpen={mobileOpen}
            onMobileClose={() => setMobileOpen(false)}
          />
        )}
        <main className="app-main">
          <Breadcrumb trail={trail} />
          <div className="app-content">{children}</div>
          <Footer />
        </main>
      </div>
      <TermsWall />
    </RecordCrumbProvider>
  );
}
