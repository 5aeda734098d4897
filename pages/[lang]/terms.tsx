import type { ScreenViewProps } from '@/components/page/withPage';
import { withPage } from '@/components/page/withPage';
import { TermsPageView } from '@/components/terms/TermsPageView';
import { pageProps } from '@/lib/page/server-props';

function TermsCommonPage(props: ScreenViewProps) {
  return <TermsPageView {...props} kind="terms-common" />;
}

export default withPage('/terms', TermsCommonPage);
export const getServerSideProps = pageProps();
