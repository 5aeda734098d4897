import type { GetServerSideProps } from 'next';
import { signIn } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { CenteredCard } from '@/components/kit/shell/CenteredCard';
import { readStoredAddress } from '@/lib/client/redirect-store';
import { recordSignInAttempt } from '@/lib/client/sign-in-guard';
import { SettingsProvider } from '@/lib/client/settings-context';
import { bareProps } from '@/lib/page/bare-props';
import type { PageProps } from '@/lib/page/types';
import { addressToRestore, isLang } from '@/lib/session/redirect';
import { AUTH_FAILED_ERROR } from '@/lib/session/sign-in-guard';

const KNOWN = ['Configuration', 'AccessDenied', 'Verification', 'OAuthCallback', 'SessionRequired', AUTH_FAILED_ERROR];

interface ErrorProps extends PageProps {
  error: string;
}

/** Signs in again by hand, back to the stored return address when there is one (it is used only then). */
function signInAgain() {
  recordSignInAttempt();
  const back = addressToRestore('/', readStoredAddress());
  void signIn('oidc', { callbackUrl: back ?? '/' });
}

function ErrorView({ error, lang }: { error: string; lang: string }) {
  const { t } = useTranslation('common');
  return (
    <CenteredCard title={t('error.title')}>
      <p data-testid="auth-error" data-error={error}>
        {t(`error.${KNOWN.includes(error) ? error : 'Default'}`)}
      </p>
      <p className="text-muted small">{t('error.next')}</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={signInAgain} data-testid="auth-error-retry">
          {t('error.retry')}
        </button>
        <a className="btn btn-outline-secondary" href={`/${lang}`}>
          {t('error.home')}
        </a>
      </div>
    </CenteredCard>
  );
}

/**
 * next-auth's error page and the platform's failure page (error=AuthFailed, after a sign-in that
 * did not help): it says what happened and offers to sign in again; it never starts one by itself.
 */
export default function ErrorPage({ settings, lang, error }: ErrorProps) {
  return (
    <SettingsProvider settings={settings} lang={lang}>
      <ErrorView error={error} lang={lang} />
    </SettingsProvider>
  );
}

export const getServerSideProps: GetServerSideProps<ErrorProps> = async (ctx) => ({
  props: {
    // The failure page speaks the language of the page that failed (?lang=), else the stored one.
    ...(await bareProps(ctx, [], isLang(ctx.query.lang) ? ctx.query.lang : undefined)),
    error: typeof ctx.query.error === 'string' ? ctx.query.error.slice(0, 64) : 'Default',
  },
});
