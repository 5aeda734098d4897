import { LiquidApplicationsView } from '@/components/liquid/LiquidApplicationsView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/applications', LiquidApplicationsView);
export const getServerSideProps = pageProps(['liquid', 'designer-profile', 'flow']);
