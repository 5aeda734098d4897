import type { GetServerSideProps } from 'next';
import { isLang, DEFAULT_LANG } from '@/lib/session/redirect';

/** `/` opens the home page in the stored language, Japanese by default. */
export const getServerSideProps: GetServerSideProps = async ({ req, query }) => {
  const stored = req.cookies.lang;
  const lang = isLang(stored) ? stored : DEFAULT_LANG;
  // The provider's post-logout redirect lands here with its state; it is not carried on.
  void query;
  return { redirect: { destination: `/${lang}`, permanent: false } };
};

export default function Root() {
  return null;
}
