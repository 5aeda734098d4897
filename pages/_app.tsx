import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/globals.css';
import '@/styles/theme.css';
import type { AppProps } from 'next/app';
import { SessionProvider } from 'next-auth/react';
import { useEffect } from 'react';
import { SWRConfig } from 'swr';
import { DialogProvider } from '@/components/kit/dialogs/DialogProvider';
import { AnalyticsScript } from '@/components/kit/shell/AnalyticsScript';
import { GateGuard } from '@/components/kit/shell/GateGuard';
import { htmlLang } from '@/lib/client/language';
import { firstReadsFresh } from '@/lib/client/first-reads-fresh';
import { sessionRefetchOptions } from '@/lib/client/session-options';
import { withTranslations } from '@/lib/client/translations-provider';
import type { PageProps } from '@/lib/page/types';
import nextI18NextConfig from '../next-i18next.config';

function App({ Component, pageProps }: AppProps<Partial<PageProps>>) {
  const { settings, lang, session, fallback } = pageProps;
  useEffect(() => {
    // _document sets <html lang> on the first load; client navigation keeps it in step. Setting it
    // even to the same value makes the browser restyle and lay out the whole page again.
    if (lang && document.documentElement.lang !== htmlLang(lang)) document.documentElement.lang = htmlLang(lang);
  }, [lang]);
  return (
    // The server's session (when the page read one) is the first state, so nothing waits for /api/auth/session.
    <SessionProvider session={session} {...sessionRefetchOptions(settings)}>
      <AnalyticsScript settings={settings} />
      {/* The answers the server already read for this screen: its hooks start from them. */}
      <SWRConfig value={{ fallback: fallback ?? {}, use: [firstReadsFresh] }}>
        <DialogProvider>
          {settings?.gateEnabled ? (
            <GateGuard>
              <Component {...pageProps} />
            </GateGuard>
          ) : (
            <Component {...pageProps} />
          )}
        </DialogProvider>
      </SWRConfig>
    </SessionProvider>
  );
}

export default withTranslations(App, nextI18NextConfig);
