import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { withPage } from '@/components/kit/shell/withPage';
import { TermsPageView } from '@/components/terms/TermsPageView';
import { pageProps } from '@/lib/page/server-props';

function TermsCommonPage(props: ScreenViewProps) {
  return <TermsPageView {...props} kind="terms-common" />;
}

export default withPage('/terms', TermsCommonPage);
export const getServerSideProps = pageProps();
