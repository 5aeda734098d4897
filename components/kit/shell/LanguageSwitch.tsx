import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { mutate } from 'swr';
import { chooseLanguage } from '@/lib/client/language';
import { useShell } from '@/lib/client/settings-context';
import { LANGS, switchLanguagePath, type Lang } from '@/lib/session/redirect';

/** Stores the language (the person's profile setting when signed in) and opens the same page under the new prefix (SPEC §4). */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { lang, settings } = useShell();
  const { data: session } = useSession();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const change = async (next: Lang) => {
    if (next === lang || busy) return;
    setBusy(true);
    // Stored first: the next page's server reads it to decide the language (and the /en redirect).
    await chooseLanguage(next, session ? { coreApiUrl: settings.coreApiUrl, token: session.accessToken } : undefined);
    // What shows the stored setting (the profile) reads it again.
    void mutate((key) => Array.isArray(key) && key[0] === 'own-profile');
    setBusy(false);
    void router.push(switchLanguagePath(router.asPath, next));
  };
  return (
    <div className="btn-group btn-group-sm language-switch" role="group" aria-label={t('language')} aria-busy={busy}>
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          className={`btn ${l === lang ? 'btn-light' : 'btn-outline-light'}`}
          aria-pressed={l === lang}
          onClick={() => void change(l)}
          data-testid={`lang-${l}`}
        >
          {t(`languages.${l}`)}
        </button>
      ))}
    </div>
  );
}
