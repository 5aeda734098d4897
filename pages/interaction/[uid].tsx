import type { GetServerSideProps } from 'next';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { CenteredCard } from '@/components/auth/CenteredCard';
import { SettingsProvider } from '@/lib/client/settings-context';
import { bareProps, storedLang } from '@/lib/page/bare-props';
import type { PageProps } from '@/lib/page/types';

type Prompt = { kind: 'login'; email: string } | { kind: 'consent'; client: string; scopes: string[] } | { kind: 'expired' };

interface InteractionProps extends PageProps {
  uid: string;
  csrf: string;
  prompt: Prompt;
  error: string | null;
}

const ERRORS = ['invalid', 'locked', 'csrf', 'expired'];

function InteractionView({ uid, csrf, prompt, error }: Omit<InteractionProps, 'settings' | 'lang'>) {
  const { t } = useTranslation('idp');
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const alert =
    error && ERRORS.includes(error) ? (
      <div className="alert alert-danger" role="alert" data-testid="idp-error" data-error={error}>
        {t(`errors.${error}`)}
      </div>
    ) : null;

  if (prompt.kind === 'expired') {
    return (
      <CenteredCard title={t('loginTitle')}>
        <div className="alert alert-warning" role="alert" data-testid="idp-error" data-error="expired">
          {t('errors.expired')}
        </div>
        <Link className="btn btn-primary" href="/">
          {t('restart')}
        </Link>
      </CenteredCard>
    );
  }

  if (prompt.kind === 'consent') {
    return (
      <CenteredCard title={t('consentTitle')}>
        {alert}
        <p>{t('consentIntro', { client: prompt.client })}</p>
        <ul data-testid="consent-scopes">
          {prompt.scopes.map((scope) => (
            <li key={scope}>{t(`scope.${scope}`, { defaultValue: scope })}</li>
          ))}
        </ul>
        <div className="d-flex gap-2">
          <form method="post" action={`${base}/confirm`}>
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" className="btn btn-primary" data-testid="consent-allow" autoFocus>
              {t('allow')}
            </button>
          </form>
          <form method="post" action={`${base}/abort`}>
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" className="btn btn-outline-secondary" data-testid="consent-deny">
              {t('deny')}
            </button>
          </form>
        </div>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title={t('loginTitle')}>
      {alert}
      <form method="post" action={`${base}/login`} data-testid="login-form">
        <input type="hidden" name="csrf" value={csrf} />
        <div className="mb-3">
          <label className="form-label" htmlFor="email">
            {t('email')}
          </label>
          <input
            id="email"
            name="email"
            type="email"
            className="form-control"
            defaultValue={prompt.email}
            autoComplete="username"
            required
            autoFocus
          />
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="password">
            {t('password')}
          </label>
          <input
            id="password"
            name="password"
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" data-testid="login-submit">
          {t('submit')}
        </button>
      </form>
    </CenteredCard>
  );
}

/** The embedded provider's login and consent pages, in the user's language. */
export default function InteractionPage({ settings, lang, ...rest }: InteractionProps) {
  return (
    <SettingsProvider settings={settings} lang={lang}>
      <InteractionView {...rest} />
    </SettingsProvider>
  );
}

export const getServerSideProps: GetServerSideProps<InteractionProps> = async (ctx) => {
  const { ensureReady } = await import('@/lib/server/boot');
  const { getProvider } = await import('@/lib/server/idp/provider');
  const { interactionCsrfToken } = await import('@/lib/server/idp/csrf');
  const { getConfig } = await import('@/lib/config');
  await ensureReady();
  const uid = String(ctx.params?.uid ?? '');
  const error = typeof ctx.query.error === 'string' ? ctx.query.error : null;
  let prompt: Prompt = { kind: 'expired' };
  let lang = storedLang(ctx);
  try {
    const provider = await getProvider();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const uiLocales = String(details.params.ui_locales ?? '');
    if (uiLocales.startsWith('en')) lang = 'en';
    if (uiLocales.startsWith('ja') || uiLocales.startsWith('jp')) lang = 'jp';
    if (details.prompt.name === 'login') {
      const email = typeof ctx.query.email === 'string' ? ctx.query.email.slice(0, 254) : String(details.params.login_hint ?? '');
      prompt = { kind: 'login', email };
    } else {
      const scopes = String(details.params.scope ?? 'openid')
        .split(' ')
        .filter(Boolean);
      prompt = { kind: 'consent', client: getConfig().systemTitle, scopes };
    }
  } catch {
    prompt = { kind: 'expired' };
  }
  ctx.res.setHeader('Cache-Control', 'no-store');
  return {
    props: {
      ...(await bareProps(ctx, ['idp'], lang)),
      uid,
      csrf: prompt.kind === 'expired' ? '' : interactionCsrfToken(uid),
      prompt,
      error,
    },
  };
};
