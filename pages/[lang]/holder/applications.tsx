import { LiquidApplicationsView } from '@/components/designer-profile/LiquidApplicationsView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/applications', LiquidApplicationsView);
export const getServerSideProps = pageProps(['liquid', 'designer-profile', 'flow']);
