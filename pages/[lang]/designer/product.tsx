import { ProductView } from '@/components/product/designer/ProductView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/product', ProductView);
export const getServerSideProps = pageProps(['designer', 'flow', 'approval']);
