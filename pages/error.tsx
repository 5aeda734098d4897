import type { GetServerSideProps } from 'next';
import { signIn } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { CenteredCard } from '@/components/auth/CenteredCard';
import { SettingsProvider } from '@/lib/client/settings-context';
import { bareProps } from '@/lib/page/bare-props';
import type { PageProps } from '@/lib/page/types';

const KNOWN = ['Configuration', 'AccessDenied', 'Verification', 'OAuthCallback', 'SessionRequired'];

interface ErrorProps extends PageProps {
  error: string;
}

function ErrorView({ error }: { error: string }) {
  const { t } = useTranslation('common');
  return (
    <CenteredCard title={t('error.title')}>
      <p data-testid="auth-error" data-error={error}>
        {t(`error.${KNOWN.includes(error) ? error : 'Default'}`)}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void signIn('oidc', { callbackUrl: '/' })}>
        {t('error.retry')}
      </button>
    </CenteredCard>
  );
}

/** next-auth's error page: the error reported in the result URL, translated. */
export default function ErrorPage({ settings, lang, error }: ErrorProps) {
  return (
    <SettingsProvider settings={settings} lang={lang}>
      <ErrorView error={error} />
    </SettingsProvider>
  );
}

export const getServerSideProps: GetServerSideProps<ErrorProps> = async (ctx) => ({
  props: { ...(await bareProps(ctx)), error: typeof ctx.query.error === 'string' ? ctx.query.error.slice(0, 64) : 'Default' },
});
