import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { withPage } from '@/components/kit/shell/withPage';
import { TermsPageView } from '@/components/terms/TermsPageView';
import { pageProps } from '@/lib/page/server-props';

function TermsDesignerPersonalPage(props: ScreenViewProps) {
  return <TermsPageView {...props} kind="terms-designer-personal" />;
}

export default withPage('/terms-designer', TermsDesignerPersonalPage);
export const getServerSideProps = pageProps();
