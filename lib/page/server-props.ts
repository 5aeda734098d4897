import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18NextConfig from '../../next-i18next.config';
import { getConfig } from '../config';
import { isLang, languageRedirect, type Lang } from '../session/redirect';
import { publicSettings } from '../settings';
import { pageSession } from './page-session';
import type { FirstReads } from './first-reads';
import { firstReads } from './prefetch';
import { storedLanguage } from './stored-language';
import type { PageProps } from './types';

export async function translationsFor(lang: Lang, namespaces: string[]) {
  // 'terms' on every page: the terms wall of the shell can open over any of them.
  // 'notify' on every page too: the bell and its viewer sit in the top bar.
  // 'kit' on every page: the form and table kits' own words (required mark, pager, empty states).
  const extra = namespaces.filter((ns) => ns !== 'terms' && ns !== 'notify' && ns !== 'kit');
  return serverSideTranslations(lang, ['common', 'menu', 'terms', 'notify', 'kit', ...extra], nextI18NextConfig);
}

/**
 * getServerSideProps for a `/[lang]/…` page: a known language or 404, the stored-language
 * redirect of SPEC §4, the page's translation namespaces, the shell settings, the session, and
 * the answers to the screen's first reads (`reads`) so its first screen is rendered with them.
 */
export function pageProps(namespaces: string[] = [], options: { reads?: FirstReads } = {}): GetServerSideProps<PageProps> {
  return async (ctx: GetServerSidePropsContext) => {
    const lang = ctx.params?.lang;
    if (!isLang(lang)) return { notFound: true };
    const redirect = languageRedirect(await storedLanguage(ctx), ctx.resolvedUrl);
    if (redirect) return { redirect: { destination: redirect, permanent: false } };
    const [translations, session] = await Promise.all([translationsFor(lang, namespaces), pageSession(ctx)]);
    const reads = await firstReads(ctx, session.session, options.reads);
    return {
      props: {
        ...translations,
        ...session,
        ...reads,
        settings: publicSettings(getConfig()),
        lang,
      },
    };
  };
}
