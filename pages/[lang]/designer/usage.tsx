import { UsageView } from '@/components/permit/UsageView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/usage', UsageView);
export const getServerSideProps = pageProps(['designer', 'flow', 'approval']);
