import type { GetServerSideProps } from 'next';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { CenteredCard } from '@/components/kit/shell/CenteredCard';
import { SettingsProvider } from '@/lib/client/settings-context';
import { bareProps, storedLang } from '@/lib/page/bare-props';
import type { PageProps } from '@/lib/page/types';

type Prompt =
  | { kind: 'login'; email: string }
  | { kind: 'signup'; email: string; name: string; minLength: number }
  | { kind: 'consent'; client: string; scopes: string[] }
  | { kind: 'expired' };

interface InteractionProps extends PageProps {
  uid: string;
  csrf: string;
  prompt: Prompt;
  error: string | null;
  /** Seconds a throttled source still waits (error 'throttled'). */
  retry: number | null;
}

const ERRORS = ['invalid', 'throttled', 'csrf', 'expired', 'taken', 'email', 'name', 'weak', 'mismatch'];

/** Creating an account (an invitee without one): name, e-mail, password twice; then straight on as signed in. */
function SignupForm({
  base,
  csrf,
  prompt,
  lang,
}: {
  base: string;
  csrf: string;
  prompt: Extract<Prompt, { kind: 'signup' }>;
  lang: string;
}) {
  const { t } = useTranslation('idp');
  return (
    <>
      <form method="post" action={`${base}/signup`} data-testid="signup-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="lang" value={lang} />
        <div className="mb-3">
          <label className="form-label" htmlFor="signup-name">
            {t('signup.name')}
          </label>
          <input
            id="signup-name"
            name="name"
            type="text"
            className="form-control"
            defaultValue={prompt.name}
            autoComplete="name"
            maxLength={100}
            required
            autoFocus
          />
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="signup-email">
            {t('email')}
          </label>
          <input
            id="signup-email"
            name="email"
            type="email"
            className="form-control"
            defaultValue={prompt.email}
            autoComplete="email"
            maxLength={254}
            required
          />
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="signup-password">
            {t('password')}
          </label>
          <input
            id="signup-password"
            name="password"
            type="password"
            className="form-control"
            autoComplete="new-password"
            minLength={prompt.minLength}
            aria-describedby="signup-password-help"
            required
          />
          <div id="signup-password-help" className="form-text">
            {t('signup.passwordHelp', { min: prompt.minLength })}
          </div>
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="signup-confirm">
            {t('signup.confirm')}
          </label>
          <input
            id="signup-confirm"
            name="confirm"
            type="password"
            className="form-control"
            autoComplete="new-password"
            minLength={prompt.minLength}
            required
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" data-testid="signup-submit">
          {t('signup.submit')}
        </button>
      </form>
      <p className="mt-3 mb-0 text-center small">
        {t('signup.haveAccount')}{' '}
        <a href={base} data-testid="login-link">
          {t('signup.signIn')}
        </a>
      </p>
    </>
  );
}

function InteractionView({ uid, csrf, prompt, error, retry, lang }: Omit<InteractionProps, 'settings'>) {
  const { t } = useTranslation('idp');
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const alert =
    error && ERRORS.includes(error) ? (
      <div className="alert alert-danger" role="alert" data-testid="idp-error" data-error={error}>
        {t(`errors.${error}`, { seconds: retry ?? 1 })}
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

  if (prompt.kind === 'signup') {
    return (
      <CenteredCard title={t('signup.title')}>
        {alert}
        <SignupForm base={base} csrf={csrf} prompt={prompt} lang={lang} />
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
      <p className="mt-3 mb-0 text-center small">
        {t('signup.noAccount')}{' '}
        <a href={`${base}?mode=signup`} data-testid="signup-link">
          {t('signup.link')}
        </a>
      </p>
    </CenteredCard>
  );
}

/** The embedded provider's login and consent pages, in the user's language. */
export default function InteractionPage({ settings, lang, ...rest }: InteractionProps) {
  return (
    <SettingsProvider settings={settings} lang={lang}>
      <InteractionView {...rest} lang={lang} />
    </SettingsProvider>
  );
}

export const getServerSideProps: GetServerSideProps<InteractionProps> = async (ctx) => {
  const { ensureReady } = await import('@/lib/server/boot');
  const { getProvider } = await import('@/lib/server/idp/provider');
  const { interactionCsrfToken } = await import('@/lib/server/idp/csrf');
  const { getConfig } = await import('@/lib/config');
  const { PASSWORD_MIN_LENGTH } = await import('@/lib/server/users/accounts');
  await ensureReady();
  const uid = String(ctx.params?.uid ?? '');
  const error = typeof ctx.query.error === 'string' ? ctx.query.error : null;
  const retryText = typeof ctx.query.retry === 'string' ? Number(ctx.query.retry) : NaN;
  const retry = Number.isInteger(retryText) && retryText > 0 && retryText < 86_400 ? retryText : null;
  let prompt: Prompt = { kind: 'expired' };
  let lang = await storedLang(ctx);
  try {
    const provider = await getProvider();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const uiLocales = String(details.params.ui_locales ?? '');
    if (uiLocales.startsWith('en')) lang = 'en';
    if (uiLocales.startsWith('ja') || uiLocales.startsWith('jp')) lang = 'jp';
    if (details.prompt.name === 'login') {
      const email = typeof ctx.query.email === 'string' ? ctx.query.email.slice(0, 254) : String(details.params.login_hint ?? '');
      if (ctx.query.mode === 'signup') {
        const name = typeof ctx.query.name === 'string' ? ctx.query.name.slice(0, 100) : '';
        prompt = { kind: 'signup', email, name, minLength: PASSWORD_MIN_LENGTH };
      } else {
        prompt = { kind: 'login', email };
      }
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
      retry,
    },
  };
};
