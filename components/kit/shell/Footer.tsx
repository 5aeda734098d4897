import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { useShell } from '@/lib/client/settings-context';

/** Footer links by role (SPEC §2): creator terms for designers, licensee terms for licensees. */
export function Footer() {
  const { t } = useTranslation('common');
  const { settings, lang } = useShell();
  const { data: session } = useSession();
  const access = session?.user.access ?? [];
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  return (
    <footer className="app-footer" data-testid="footer">
      <nav className="d-flex flex-wrap gap-3">
        {hasAccess(lists.designer, access) && (
          <Link href={`/${lang}/terms-designer`} prefetch={false}>
            {t('footer.creatorTerms')}
          </Link>
        )}
        {hasAccess(lists.licensee, access) && (
          <Link href={`/${lang}/terms-licensee`} prefetch={false}>
            {t('footer.licenseeTerms')}
          </Link>
        )}
        <Link href={`/${lang}/terms`} prefetch={false}>
          {t('footer.terms')}
        </Link>
        <a href={settings.privacyUrl} target="_blank" rel="noopener noreferrer">
          {t('footer.privacy')}
        </a>
      </nav>
      <small className="text-muted">{t('footer.copyright')}</small>
    </footer>
  );
}
