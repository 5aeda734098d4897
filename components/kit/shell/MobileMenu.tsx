import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'next-i18next/pages';
import type { MenuGroup } from '@/lib/menu/types';
import { MenuList } from './MenuList';

interface MobileMenuProps {
  groups: MenuGroup[];
  show: boolean;
  onHide: () => void;
}

/** The 250 px slide-in menu of small screens. */
export function MobileMenu({ groups, show, onHide }: MobileMenuProps) {
  const { t } = useTranslation('common');
  return (
    <Offcanvas show={show} onHide={onHide} className="mobile-menu" aria-label={t('menu')}>
      <Offcanvas.Header closeButton>
        <Offcanvas.Title>{t('menu')}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <MenuList groups={groups} onNavigate={onHide} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
