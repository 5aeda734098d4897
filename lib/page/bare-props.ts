import type { GetServerSidePropsContext } from 'next';
import { getConfig } from '../config';
import { DEFAULT_LANG, isLang, type Lang } from '../session/redirect';
import { publicSettings } from '../settings';
import { translationsFor } from './server-props';

/** Pages outside `/[lang]` (sign-in, error, provider interaction) take the stored language. */
export function storedLang(ctx: GetServerSidePropsContext): Lang {
  const stored = ctx.req.cookies.lang;
  return isLang(stored) ? stored : DEFAULT_LANG;
}

export async function bareProps(ctx: GetServerSidePropsContext, namespaces: string[] = [], lang: Lang = storedLang(ctx)) {
  return {
    ...(await translationsFor(lang, namespaces)),
    settings: publicSettings(getConfig()),
    lang,
  };
}
