import Link from 'next/link';
import { fullName } from '@/lib/format/person-name';
import { signIn, useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { signOutEverywhere } from '@/lib/client/sign-out';
import { useShell } from '@/lib/client/settings-context';
import { useDropdown } from '@/lib/client/use-dropdown';

export function UserMenu() {
  const { t } = useTranslation('common');
  const { settings, lang } = useShell();
  const { data: session, status } = useSession();
  const menu = useDropdown();
  if (status !== 'authenticated' || !session) {
    return (
      <button type="button" className="btn btn-sm btn-light" onClick={() => void signIn('oidc')} data-testid="sign-in">
        {t('user.signIn')}
      </button>
    );
  }
  const name = fullName({ first: session.user.first_name, last: session.user.last_name }, lang) || session.user.nickname;
  return (
    <div {...menu.rootProps}>
      <button {...menu.toggleProps} className="dropdown-toggle btn btn-light btn-sm" data-testid="user-menu">
        {/* The name shown is the start of the name read out (WCAG 2.5.3 label in name); a bare
            aria-label would hide it from speech input. */}
        {name}
        <span className="visually-hidden"> ({t('user.menu')})</span>
      </button>
      {menu.open && (
        <div {...menu.menuProps} className="dropdown-menu dropdown-menu-end show">
          <span className="dropdown-item-text small text-muted">{session.user.email}</span>
          <Link href={`/${lang}/profile`} className="dropdown-item" onClick={menu.choose}>
            {t('user.profile')}
          </Link>
          <hr className="dropdown-divider" role="separator" />
          <button
            type="button"
            className="dropdown-item"
            data-testid="sign-out"
            onClick={() => {
              menu.choose();
              void signOutEverywhere(settings.endSessionUrl, session.id_token_hint);
            }}
          >
            {t('user.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
