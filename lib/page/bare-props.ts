import type { GetServerSidePropsContext } from 'next';
import { getConfig } from '../config';
import { DEFAULT_LANG, type Lang } from '../session/redirect';
import { publicSettings } from '../settings';
import { translationsFor } from './server-props';
import { storedLanguage } from './stored-language';

/** Pages outside `/[lang]` (sign-in, error, provider interaction) take the stored language. */
export async function storedLang(ctx: GetServerSidePropsContext): Promise<Lang> {
  return (await storedLanguage(ctx)) ?? DEFAULT_LANG;
}

export async function bareProps(ctx: GetServerSidePropsContext, namespaces: string[] = [], given?: Lang) {
  const lang = given ?? (await storedLang(ctx));
  return {
    ...(await translationsFor(lang, namespaces)),
    settings: publicSettings(getConfig()),
    lang,
  };
}
