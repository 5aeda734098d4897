import { HolderSalesView } from '@/components/holder-admin/HolderSalesView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/sales', HolderSalesView);
export const getServerSideProps = pageProps(['holder-admin', 'flow', 'sales', 'approval']);
