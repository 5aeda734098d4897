import { ProductView } from '@/components/product/licensee/ProductView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/product', ProductView);
export const getServerSideProps = pageProps(['licensee', 'flow', 'approval', 'designer-ip', 'wallet']);
