import { HolderSalesView } from '@/components/sales/holder/HolderSalesView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/sales', HolderSalesView);
export const getServerSideProps = pageProps(['holder-admin', 'flow', 'sales', 'approval']);
