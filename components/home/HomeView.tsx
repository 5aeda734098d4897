import Link from 'next/link';
import { signIn, useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { menuGroups } from '@/lib/menu/definition';
import { visibleMenu } from '@/lib/menu/visible';
import { useShell } from '@/lib/client/settings-context';
import type { FirstReads } from '@/lib/page/first-reads';
import { WaitingSections } from './WaitingSections';

/** The waiting sections are read on the server, so the signed-in home paints whole. */
export const homeReads: FirstReads = () => [{ kind: 'home' }];

/** Signed out: what the platform is and a way in. Signed in: the sections this user can use. */
export function HomeView() {
  const { t } = useTranslation('common');
  const { t: tm } = useTranslation('menu');
  const { settings, lang } = useShell();
  const { data: session, status } = useSession();
  if (status !== 'authenticated' || !session) {
    return (
      <section className="home-landing py-4" data-testid="home-landing">
        <h1 className="h3">{t('home.landingTitle')}</h1>
        <p className="lead">{t('home.landingBody')}</p>
        <div className="d-flex gap-3">
          <button type="button" className="btn btn-primary" onClick={() => void signIn('oidc')} data-testid="home-sign-in">
            {t('user.signIn')}
          </button>
          <Link href={`/${lang}/help`} className="btn btn-outline-secondary">
            {t('home.helpLink')}
          </Link>
        </div>
      </section>
    );
  }
  const name = [session.user.last_name, session.user.first_name].filter(Boolean).join(' ') || session.user.nickname;
  const groups = visibleMenu(menuGroups, session.user.access, {
    client: settings.aclClient,
    product: settings.productKey,
  }).filter((g) => g.title !== 'section.general');
  return (
    <section data-testid="home">
      <h1 className="h3 mb-4">{t('home.welcome', { name })}</h1>
      <WaitingSections />
      <h2 className="h5">{t('home.yourSections')}</h2>
      <div className="row g-3">
        {groups.map((group) => (
          <div className="col-12 col-md-6 col-xl-4" key={group.title}>
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h6 card-title">{tm(group.title)}</h3>
                <ul className="list-unstyled mb-0">
                  {group.entries.map((entry) => (
                    <li key={entry.path}>
                      <Link href={`/${lang}${entry.path}`} prefetch={false}>
                        {tm(entry.name)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
