import { ProductView } from '@/components/designer/ProductView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/product', ProductView);
export const getServerSideProps = pageProps(['designer', 'flow', 'approval']);
