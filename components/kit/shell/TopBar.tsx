import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { ConnectionIndicator } from './ConnectionIndicator';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from '../../notify/NotificationBell';
import { UserMenu } from './UserMenu';

export function TopBar({ onMenu, showMenuButton }: { onMenu: () => void; showMenuButton: boolean }) {
  const { t } = useTranslation('common');
  const { settings, lang } = useShell();
  const { status } = useSession();
  return (
    <header className="top-bar" data-testid="top-bar">
      {showMenuButton && (
        <button
          type="button"
          className="btn btn-sm btn-outline-light d-md-none"
          onClick={onMenu}
          data-testid="mobile-menu-button"
        >
          {t('menu')}
        </button>
      )}
      <Link href={`/${lang}`} className="top-bar-brand" prefetch={false}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the logo is a setting, possibly an external SVG */}
        <img src={settings.logo.url} width={settings.logo.width} height={settings.logo.height} alt="" />
        <span className="system-title">{settings.systemTitle}</span>
      </Link>
      <div className="top-bar-actions">
        <LanguageSwitch />
        {status === 'authenticated' && <NotificationBell />}
        <UserMenu />
        <ConnectionIndicator />
      </div>
    </header>
  );
}
