import { createInstance, type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import type { AppProps } from 'next/app';
import type { SSRConfig, UserConfig } from 'next-i18next/pages';
import { useLayoutEffect, useMemo, useRef, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';

type Store = SSRConfig['_nextI18Next'];

/** The i18next options of the browser's instance: the project's config without next-i18next's own keys. */
function initOptions(config: UserConfig, store: NonNullable<Store>, lng: string): InitOptions {
  const { i18n: _routing, localePath: _path, reloadOnPrerender: _reload, serializeConfig: _serialize, ...options } = config;
  return {
    ...options,
    lng,
    ns: store.ns ?? [config.defaultNS ?? 'common'],
    resources: store.initialI18nStore as Resource,
    // Resources come with the page, so initialising can finish before the first render.
    initAsync: false,
    react: { useSuspense: false, ...options.react },
  };
}

/** Adds the namespaces a page brought that the instance does not hold yet. */
function addResources(instance: I18n, resources: Resource | undefined) {
  for (const [lng, namespaces] of Object.entries(resources ?? {})) {
    for (const [ns, bundle] of Object.entries(namespaces)) {
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, bundle, true, true);
    }
  }
}

/**
 * The app with the translations the page's server props brought (next-i18next's serverSideTranslations).
 *
 * It stands in for next-i18next's appWithTranslation, which after every first render calls
 * changeLanguage with the language the instance already has. i18next announces that as a language
 * change, and react-i18next re-renders every component that translates, synchronously, right
 * after hydration: the whole page rendered twice on every load. Here the instance is complete
 * before the first render and the language is changed only when a navigation changes it.
 */
export function withTranslations<P extends AppProps>(App: ComponentType<P>, config: UserConfig) {
  function AppWithTranslations(props: P & { pageProps: Partial<SSRConfig> }) {
    const store = props.pageProps?._nextI18Next;
    const locale = store?.initialLocale ?? config.i18n.defaultLocale;
    const instance = useRef<I18n | null>(null);
    const i18n = useMemo(() => {
      if (!store) return null;
      if (!instance.current) {
        const created = createInstance(initOptions(config, store, locale));
        void created.init();
        instance.current = created;
      } else addResources(instance.current, store.initialI18nStore as Resource);
      return instance.current;
    }, [store, locale]);
    useLayoutEffect(() => {
      if (i18n && i18n.language !== locale) void i18n.changeLanguage(locale);
    }, [i18n, locale]);
    if (!i18n) return <App {...props} />;
    return (
      <I18nextProvider i18n={i18n}>
        <App {...props} />
      </I18nextProvider>
    );
  }
  AppWithTranslations.displayName = 'AppWithTranslations';
  return AppWithTranslations;
}
