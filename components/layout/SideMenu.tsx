import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'next-i18next/pages';
import type { MenuGroup } from '@/lib/menu/types';
import { MenuList } from './MenuList';

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
      <Offcanvas show={mobileOpen} onHide={onMobileClose} className="mobile-menu" aria-label={t('menu')}>
        <Offcanvas.Header closeButton>
          <Offcanvas.Title>{t('menu')}</Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <MenuList groups={groups} onNavigate={onMobileClose} />
        </Offcanvas.Body>
      </Offcanvas>
    </>
  );
}
