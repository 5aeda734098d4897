import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { useLatch } from '@/lib/client/use-latch';
import type { MenuGroup } from '@/lib/menu/types';
import { MenuList } from './MenuList';

// The slide-in panel (react-bootstrap Offcanvas) loads when a small screen first opens it.
const MobileMenu = dynamic(() => import('./MobileMenu').then((m) => m.MobileMenu), { ssr: false });

interface SideMenuProps {
  groups: MenuGroup[];
  collapsed: boolean;
  onToggle: () => void;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** 230 px menu collapsing to 20 px on wide screens; a 250 px slide-in panel on small ones. */
export function SideMenu({ groups, collapsed, onToggle, mobileOpen, onMobileClose }: SideMenuProps) {
  const { t } = useTranslation('common');
  const mobileUsed = useLatch(mobileOpen);
  return (
    <>
      <aside
        className={`side-menu d-none d-md-block${collapsed ? ' collapsed' : ''}`}
        data-testid="side-menu"
        aria-label={t('menu')}
      >
        <button
          type="button"
          className="side-menu-toggle"
          onClick={onToggle}
          aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
          aria-expanded={!collapsed}
          data-testid="menu-collapse"
        >
          {collapsed ? '›' : '‹'}
        </button>
        {!collapsed && <MenuList groups={groups} />}
      </aside>
      {mobileUsed && <MobileMenu groups={groups} show={mobileOpen} onHide={onMobileClose} />}
    </>
  );
}
