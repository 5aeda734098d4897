import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { withPage } from '@/components/kit/shell/withPage';
import { TermsPageView } from '@/components/terms/TermsPageView';
import { pageProps } from '@/lib/page/server-props';

function TermsLicenseePage(props: ScreenViewProps) {
  return <TermsPageView {...props} kind="terms-licensee" />;
}

export default withPage('/terms-licensee', TermsLicenseePage);
export const getServerSideProps = pageProps();
