import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { storeLanguage } from '@/lib/client/language';
import { useShell } from '@/lib/client/settings-context';
import { LANGS, switchLanguagePath, type Lang } from '@/lib/session/redirect';

/** Stores the language and opens the same page under the new prefix (SPEC §4). */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { lang } = useShell();
  const router = useRouter();
  const change = (next: Lang) => {
    if (next === lang) return;
    storeLanguage(next);
    void router.push(switchLanguagePath(router.asPath, next));
  };
  return (
    <div className="btn-group btn-group-sm language-switch" role="group" aria-label={t('language')}>
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          className={`btn ${l === lang ? 'btn-light' : 'btn-outline-light'}`}
          aria-pressed={l === lang}
          onClick={() => change(l)}
          data-testid={`lang-${l}`}
        >
          {t(`languages.${l}`)}
        </button>
      ))}
    </div>
  );
}
