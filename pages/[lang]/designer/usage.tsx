import { UsageView } from '@/components/designer/UsageView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/usage', UsageView);
export const getServerSideProps = pageProps(['designer', 'flow', 'approval']);
