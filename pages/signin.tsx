import type { GetServerSideProps } from 'next';
import { signIn } from 'next-auth/react';
import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { CenteredCard } from '@/components/kit/shell/CenteredCard';
import { SettingsProvider } from '@/lib/client/settings-context';
import { bareProps } from '@/lib/page/bare-props';
import type { PageProps } from '@/lib/page/types';
import { getConfig } from '@/lib/config';
import { sameSiteCallback } from '@/lib/session/redirect';

interface SignInProps extends PageProps {
  callbackUrl: string;
  error: string | null;
}

function SignInView({ callbackUrl, error }: Pick<SignInProps, 'callbackUrl' | 'error'>) {
  const { t } = useTranslation('common');
  useEffect(() => {
    // Starts the provider's sign-in at once; the button stays for a browser that blocks it.
    void signIn('oidc', { callbackUrl });
  }, [callbackUrl]);
  return (
    <CenteredCard title={t('signin.title')}>
      {error === 'SessionRequired' && <p>{t('signin.sessionRequired')}</p>}
      <p className="d-flex align-items-center gap-2" role="status">
        <Spinner as="span" animation="border" size="sm" /> {t('signin.redirecting')}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void signIn('oidc', { callbackUrl })}>
        {t('signin.button')}
      </button>
    </CenteredCard>
  );
}

export default function SignInPage({ settings, lang, callbackUrl, error }: SignInProps) {
  return (
    <SettingsProvider settings={settings} lang={lang}>
      <SignInView callbackUrl={callbackUrl} error={error} />
    </SettingsProvider>
  );
}

export const getServerSideProps: GetServerSideProps<SignInProps> = async (ctx) => ({
  props: {
    ...(await bareProps(ctx)),
    callbackUrl: sameSiteCallback(ctx.query.callbackUrl, getConfig().appUrl),
    error: typeof ctx.query.error === 'string' ? ctx.query.error : null,
  },
});
