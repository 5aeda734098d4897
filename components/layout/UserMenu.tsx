import Link from 'next/link';
import Dropdown from 'react-bootstrap/Dropdown';
import { signIn, useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { signOutEverywhere } from '@/lib/client/sign-out';
import { useShell } from '@/lib/client/settings-context';

export function UserMenu() {
  const { t } = useTranslation('common');
  const { settings, lang } = useShell();
  const { data: session, status } = useSession();
  if (status !== 'authenticated' || !session) {
    return (
      <button type="button" className="btn btn-sm btn-light" onClick={() => void signIn('oidc')} data-testid="sign-in">
        {t('user.signIn')}
      </button>
    );
  }
  const name = [session.user.last_name, session.user.first_name].filter(Boolean).join(' ') || session.user.nickname;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="light" size="sm" data-testid="user-menu" aria-label={t('user.menu')}>
        {name}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.ItemText className="small text-muted">{session.user.email}</Dropdown.ItemText>
        <Dropdown.Item as={Link} href={`/${lang}/profile`}>
          {t('user.profile')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          data-testid="sign-out"
          onClick={() => void signOutEverywhere(settings.endSessionUrl, session.id_token_hint)}
        >
          {t('user.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
